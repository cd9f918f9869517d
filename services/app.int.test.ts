import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, TestClock, type TestDatabase } from './testing/harness';
import { loadConfig } from '../infra/config/config';
import { createContext, type AppContext } from './context';
import { buildApp } from './app';
import { parseBody, parseQuery, repeated } from '../infra/http/validation';
import { paginate } from '../infra/http/pagination';
import { Conflict, Forbidden, NotFound, RuleBroken, Throttled, Unavailable } from '../domain/shared/errors';
import { requireStaff } from '../infra/http/auth';

let database: TestDatabase;
let ctx: AppContext;
let app: FastifyInstance;

test.before(async () => {
  database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), tokenSecret: 'a'.repeat(64) };
  ctx = createContext(config, database.url, { clock: new TestClock(new Date('2026-11-21T10:00:00Z')) });
  app = await buildApp(ctx);
  app.post('/api/test/echo/', async (req) => parseBody(z.object({ name: z.string().min(2, 'Min length is 2'), age: z.number().int() }), req.body));
  app.get('/api/test/list/', async (req) => {
    const q = parseQuery(z.object({ tag: repeated(z.string()), page: z.coerce.number().default(1) }), req.query);
    return paginate(q.tag, 45, q.page, 20, req.url);
  });
  app.get('/api/test/fail/:kind', async (req) => {
    const kind = (req.params as { kind: string }).kind;
    if (kind === 'rule') throw new RuleBroken('Bid too low.');
    if (kind === 'forbidden') throw new Forbidden();
    if (kind === 'missing') throw new NotFound();
    if (kind === 'conflict') throw new Conflict('Changed meanwhile.');
    if (kind === 'throttled') throw new Throttled('Too many.', 90);
    if (kind === 'busy') throw new Unavailable(3);
    if (kind === 'staff') return requireStaff(req);
    throw new Error('connection string postgres://secret@db leaked?');
  });
  await app.ready();
});

test.after(async () => {
  await app.close();
  await ctx.db.destroy();
  await database.drop();
});

test('health answers with the database reachable, and the server time is served', async () => {
  const health = await app.inject({ method: 'GET', url: '/health' });
  assert.is(health.statusCode, 200);
  assert.is(health.json().status, 'ok');
  const time = await app.inject({ method: 'GET', url: '/api/server_time/' });
  assert.is(time.json().now, '2026-11-21T10:00:00.000Z');
});

test('zod failures answer 400 with messages per field, and paths work with or without the trailing slash', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x', age: 'old' } });
  assert.is(res.statusCode, 400);
  const body = res.json();
  assert.equal(body.name, ['Min length is 2']);
  assert.ok(Array.isArray(body.age) && body.age.length === 1);
  const ok = await app.inject({ method: 'POST', url: '/api/test/echo/', payload: { name: 'Ann', age: 40 } });
  assert.equal(ok.json(), { name: 'Ann', age: 40 });
});

test('malformed JSON is a 400 with a short detail', async () => {
  const res = await app.inject({ method: 'POST', url: '/api/test/echo/', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), { detail: 'Malformed JSON body.' });
});

test('each error kind maps to its status with a detail body', async () => {
  const cases: [string, number, string][] = [
    ['rule', 400, 'Bid too low.'],
    ['forbidden', 403, 'You do not have permission to perform this action.'],
    ['missing', 404, 'Not found.'],
    ['conflict', 409, 'Changed meanwhile.'],
    ['throttled', 429, 'Too many.'],
    ['staff', 401, 'Authentication credentials were not provided.'],
  ];
  for (const [kind, status, detail] of cases) {
    const res = await app.inject({ method: 'GET', url: `/api/test/fail/${kind}` });
    assert.is(res.statusCode, status, kind);
    assert.equal(res.json(), { detail }, kind);
  }
  const throttled = await app.inject({ method: 'GET', url: '/api/test/fail/throttled' });
  assert.is(throttled.headers['retry-after'], '90');
  const busy = await app.inject({ method: 'GET', url: '/api/test/fail/busy' });
  assert.equal([busy.statusCode, busy.headers['retry-after'], busy.json()], [503, '3', { detail: 'The service is temporarily unavailable. Please try again in a moment.' }]);
});

test('a 5xx never leaks internals, and every answer carries a request id', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/fail/crash', headers: { 'x-request-id': 'req-123' } });
  assert.is(res.statusCode, 500);
  assert.equal(res.json(), { detail: 'Server error' });
  assert.not.match(res.body, /postgres|secret|stack/);
  assert.is(res.headers['x-request-id'], 'req-123');
  const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here/' });
  assert.is(unknown.statusCode, 404);
  assert.equal(unknown.json(), { detail: 'Not found.' });
});

test('lists use count, next, previous, total_pages, results and repeated query keys become arrays', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test/list/?tag=a&tag=b&page=2' });
  assert.equal(res.json(), { count: 45, next: '/api/test/list/?tag=a&tag=b&page=3', previous: '/api/test/list/?tag=a&tag=b&page=1', total_pages: 3, results: ['a', 'b'] });
  const single = await app.inject({ method: 'GET', url: '/api/test/list/?tag=a' });
  assert.equal(single.json().results, ['a']);
  assert.is(single.json().previous, null);
});

test.run();
