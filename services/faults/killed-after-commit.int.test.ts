/**
 * Fault (issue #17): the server process is killed with SIGKILL after a keyed write committed and before its answer was
 * stored or sent (the test-only hook FAULT_KILL_AFTER_COMMIT). The client's retry with the same Idempotency-Key, on a
 * fresh process, moves no money a second time: it answers that the request was carried out, the same bytes on every
 * later retry, and audit:verify finds no key with two effects.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import type { ServerProcess } from '../testing/server-process';
import { killableServers, type KillableServers } from './killable-servers';
import { walletStream } from '../../domain/wallet/events';
import { CARRIED_OUT, CARRIED_OUT_HEADER } from '../../infra/http/idempotency-keys';
import { verifyIdempotency } from '../audit/idempotency-verify';

const ROUTE = '/api/staff/wallets/:userId/adjustments/';
let t: TestApp;
let servers: KillableServers;
let staff: TestUser;
let buyer: TestUser;
let fresh: ServerProcess;

test.before(async () => {
  // Real time: the servers check the tokens against their own clocks.
  t = await startTestApp({ workers: false, clock: new TestClock(new Date()) });
  [staff, buyer] = [await createTestUser(t, { staff: true }), await createTestUser(t)];
  servers = killableServers(t);
});

test.after(async () => {
  await servers.stopAll();
  await t.close();
});

const credit = (s: ServerProcess, key: string) => fetch(`${s.url}/api/staff/wallets/${buyer.id}/adjustments/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key, ...bearer(staff) },
  body: JSON.stringify({ direction: 'credit', amount: '25.00', reason: 'Goodwill for a late delivery' }),
});

const credits = async () => Number((await sql<{ n: string }>`
  SELECT count(*) AS n FROM events WHERE stream_id = ${walletStream(buyer.id)} AND type = 'WalletCredited'`.execute(t.ctx.db)).rows[0].n);

test('killed between the commit and the answer: the keyed retry on a fresh process credits nothing twice', async () => {
  const doomed = await servers.start({ FAULT_KILL_AFTER_COMMIT: ROUTE });
  const exited = new Promise((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
  let answered = true;
  await credit(doomed, 'goodwill-1').catch(() => { answered = false; });
  assert.is(answered, false, 'the first request got no answer');
  assert.is(await exited, 'SIGKILL');
  assert.is(await credits(), 1, 'the credit committed before the process died');

  fresh = await servers.start();
  const retry = await credit(fresh, 'goodwill-1');
  const body = await retry.text();
  assert.is(retry.status, 200, body);
  assert.is(JSON.parse(body).detail, CARRIED_OUT);
  assert.is(retry.headers.get('idempotent-replayed'), 'true');
  assert.is(retry.headers.get(CARRIED_OUT_HEADER), 'true', 'marked: not the route\'s own answer');
  const again = await credit(fresh, 'goodwill-1');
  assert.is(await again.text(), body, 'every later retry: the same bytes');
  assert.is(await credits(), 1, 'still one credit');

  const audit = await verifyIdempotency(null, t.ctx.db);
  assert.ok(audit.checked >= 1);
  assert.equal(audit.differences, []);
});

test('a new key on the fresh process credits again (the key, not the amount, identifies a request)', async () => {
  const answer = await credit(fresh, 'goodwill-2');
  assert.is(answer.status, 201, await answer.text());
  assert.is(await credits(), 2);
});

test.run();
