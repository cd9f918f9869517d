import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { runIdempotent, KEY_REUSED } from './idempotency-keys';
import { RuleBroken } from '../../domain/shared/errors';
import { rejects } from '../testing/rejects';

let t: TestApp;
test.before(async () => {
  t = await startTestApp({ workers: false });
});
test.after(async () => {
  await t.close();
});

const request = (key: string | undefined, body: unknown, userId = 'u1', url = '/api/withdraw/') =>
  ({ headers: key === undefined ? {} : { 'idempotency-key': key }, method: 'POST', url, body, user: { id: userId, is_staff: false, session_id: 's' } }) as unknown as FastifyRequest;

const rows = async () => (await sql<{ key: string; status: number | null }>`SELECT key, status FROM idempotency_keys ORDER BY key`.execute(t.ctx.db)).rows;

test('without a key the work simply runs each time', async () => {
  let runs = 0;
  for (let i = 0; i < 2; i++) await runIdempotent(t.ctx, request(undefined, { a: 1 }), 'test', async () => ({ status: 201, body: { n: ++runs } }));
  assert.is(runs, 2);
  assert.equal(await rows(), []);
});

test('a retry with the same key replays the first answer and does not run again', async () => {
  let runs = 0;
  const work = async () => ({ status: 201, body: { n: ++runs } });
  const first = await runIdempotent(t.ctx, request('k-1', { amount: '10.00', b: [1, 2] }), 'test', work);
  const again = await runIdempotent(t.ctx, request('k-1', { b: [1, 2], amount: '10.00' }), 'test', work);
  assert.equal([first.status, first.body, first.replayed], [201, { n: 1 }, false]);
  assert.equal([again.status, again.body, again.replayed], [201, { n: 1 }, true], 'same body in another key order is the same request');
  assert.is(runs, 1);
});

test('keys are per caller; the same key for another request is a conflict', async () => {
  let runs = 0;
  const work = async () => ({ status: 200, body: { n: ++runs } });
  await runIdempotent(t.ctx, request('k-2', { amount: '1.00' }, 'u1'), 'test', work);
  const other = await runIdempotent(t.ctx, request('k-2', { amount: '1.00' }, 'u2'), 'test', work);
  assert.equal([other.body, other.replayed], [{ n: 2 }, false], 'another user may use the same key');
  const error = await rejects(() => runIdempotent(t.ctx, request('k-2', { amount: '2.00' }, 'u1'), 'test', work));
  assert.is((error as Error).message, KEY_REUSED);
  await rejects(() => runIdempotent(t.ctx, request('k-2', { amount: '1.00' }, 'u1', '/api/other/'), 'test', work), /already used/);
  assert.is(runs, 2);
});

test('a refused request stores nothing: the same key can be sent again', async () => {
  let fail = true;
  const work = async () => {
    if (fail) throw new RuleBroken('Not now.');
    return { status: 201, body: { ok: true } };
  };
  await rejects(() => runIdempotent(t.ctx, request('k-3', {}), 'test', work), /Not now/);
  assert.not.ok((await rows()).some((r) => r.key === 'k-3'));
  fail = false;
  const second = await runIdempotent(t.ctx, request('k-3', {}), 'test', work);
  assert.equal([second.status, second.replayed], [201, false]);
});

test('concurrent requests with one key run the work once and all get its answer', async () => {
  let runs = 0;
  const work = async () => {
    runs++;
    await new Promise((r) => setTimeout(r, 150));
    return { status: 201, body: { id: 'w-1' } };
  };
  const answers = await Promise.all(Array.from({ length: 6 }, () => runIdempotent(t.ctx, request('k-4', { amount: '5.00' }), 'test', work)));
  assert.is(runs, 1);
  assert.ok(answers.every((a) => a.status === 201 && (a.body as { id: string }).id === 'w-1'));
  assert.is(answers.filter((a) => !a.replayed).length, 1);
});

test('a malformed key is a field error', async () => {
  await rejects(() => runIdempotent(t.ctx, request('bad key with spaces', {}), 'test', async () => ({ status: 200, body: {} })), /Invalid input/);
});

test.run();
