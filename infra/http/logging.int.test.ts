import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { loadConfig } from '../config/config';
import { createContext, createLogger, redactUrl, type AppContext } from '../../services/context';
import { buildApp } from '../../services/app';
import type { FastifyInstance } from 'fastify';

let database: TestDatabase;
let ctx: AppContext;
let app: FastifyInstance;
const lines: string[] = [];

test.before(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), logLevel: 'info', tokenSecret: 'b'.repeat(64) };
  // The production logger, writing into memory so the test can read every line.
  const log = createLogger(config, { write: (line: string) => lines.push(line) });
  ctx = createContext(config, database.url, { log });
  app = await buildApp(ctx);
  await app.ready();
});

test.after(async () => {
  await app.close();
  await ctx.db.destroy();
  await database.drop();
});

test('secret query parameters are redacted from URLs', () => {
  assert.is(redactUrl('/?reset_token=abc123&x=1'), '/?reset_token=[redacted]&x=1');
  assert.is(redactUrl('/ws/lots/?ticket=t-1&token=eyJ.x.y'), '/ws/lots/?ticket=[redacted]&token=[redacted]');
  assert.is(redactUrl('/api/lots/?page=2'), '/api/lots/?page=2');
});

test('request lines carry the request id and never the emailed tokens, bearer tokens or passwords', async () => {
  await app.inject({ method: 'GET', url: '/api/nothing/?submit_token=SECRET-SUBMIT', headers: { authorization: 'Bearer SECRET-BEARER', 'x-request-id': 'rid-42' } });
  await app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'a@b.test', password: 'SECRET-PASSWORD' } });
  const text = lines.join('\n');
  assert.ok(lines.some((l) => l.includes('"reqId":"rid-42"')), 'the request id is on the request lines');
  assert.not.match(text, /SECRET-SUBMIT|SECRET-BEARER|SECRET-PASSWORD/);
  assert.match(text, /submit_token=\[redacted\]/);
});

test('a websocket connection is logged with its ticket and token redacted', async () => {
  const before = lines.length;
  const ws = await app.injectWS('/ws/lots/?ticket=SECRET-TICKET&token=SECRET-ACCESS').catch(() => null);
  ws?.terminate();
  await new Promise((r) => setTimeout(r, 50));
  const text = lines.slice(before).join('\n');
  assert.match(text, /\/ws\/lots\/\?ticket=\[redacted\]&token=\[redacted\]/);
  assert.not.match(text, /SECRET-TICKET|SECRET-ACCESS/);
});

test.run();
