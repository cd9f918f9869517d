/** receiveUpload's limits through a real Fastify multipart request: files over the request's total leave nothing. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Fastify from 'fastify';
import { DomainError } from '../../domain/shared/errors';
import { registerUploads, receiveUpload, UPLOAD_MSG, type UploadLimits } from './receive';
import { UploadStore } from './store';
import { multipart } from '../valuation/testing';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'receive-test-'));
const store = new UploadStore(root);
const limits: UploadLimits = { maxFileBytes: 1_000, maxFiles: 5, maxFields: 5, maxFieldBytes: 100, maxTotalBytes: 1_500 };

async function app() {
  const server = Fastify();
  await server.register(async (scope) => {
    await registerUploads(scope, limits);
    scope.post('/up', async (request) => {
      try {
        const upload = await receiveUpload(request, store, limits);
        await store.discard(upload.files.map((f) => f.tempPath));
        return { files: upload.files.length };
      } catch (error) {
        if (error instanceof DomainError) return { refused: error.message };
        throw error;
      }
    });
  });
  return server;
}

const file = (name: string, bytes: number) => ({ name, value: { data: Buffer.alloc(bytes, 1), filename: `${name}.bin` } });
const temps = () => (fs.existsSync(path.join(root, 'tmp')) ? fs.readdirSync(path.join(root, 'tmp')) : []);

test('files within the request total pass; one past it refuses the request and leaves no temp file', async () => {
  const server = await app();
  const ok = await multipart([file('a', 700), file('b', 700)]);
  assert.equal((await server.inject({ method: 'POST', url: '/up', payload: ok.payload, headers: ok.headers })).json(), { files: 2 });
  const over = await multipart([file('a', 700), file('b', 700), file('c', 200)]);
  const res = await server.inject({ method: 'POST', url: '/up', payload: over.payload, headers: over.headers });
  assert.equal(res.json(), { refused: UPLOAD_MSG.tooLargeTogether(1_500) });
  assert.equal(temps(), []);
  await server.close();
});

test.after(() => fs.rmSync(root, { recursive: true, force: true }));

test.run();
