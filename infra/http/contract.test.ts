import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { installContract, PRODUCTION_CHECK_EVERY } from './contract';

/** An app whose one route answers what its declared schema refuses, and the warnings its log got. */
async function appAnsweringOffSchema(strict: boolean) {
  const warnings: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { warnings.push(String(chunk)); done(); } });
  const app = Fastify({ logger: { level: 'warn', stream } });
  installContract(app, strict);
  app.get('/answer', { schema: { response: { 200: z.object({ amount: z.number() }) } } }, async () => ({ amount: 'twelve' }));
  await app.ready();
  return { app, warnings };
}

test('given production, when answers do not match their schema, then each is sent and the first ones and then one in N are logged', async () => {
  const { app, warnings } = await appAnsweringOffSchema(false);
  const answers = 2 * PRODUCTION_CHECK_EVERY + 50;
  for (let i = 0; i < answers; i++) {
    const res = await app.inject({ method: 'GET', url: '/answer' });
    assert.is(res.statusCode, 200, 'a mismatch never turns an answer into an error');
    assert.equal(res.json(), { amount: 'twelve' }, 'sent as the handler built it');
  }
  assert.is(warnings.length, PRODUCTION_CHECK_EVERY + 1, 'the first N answers, then answer 2N (of 2N + 50)');
  assert.match(warnings[0], 'answer does not match its declared schema');
  assert.not.match(warnings[0], 'twelve', 'no values in the log');
  await app.close();
});

test('given tests or development, when an answer does not match its schema, then the request fails every time', async () => {
  const { app } = await appAnsweringOffSchema(true);
  for (let i = 0; i < 3; i++) assert.is((await app.inject({ method: 'GET', url: '/answer' })).statusCode, 500);
  await app.close();
});

test.run();
