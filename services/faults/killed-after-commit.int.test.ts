/**
 * Fault (issue #17): the server process is killed with SIGKILL after a keyed write committed and before its answer was
 * stored or sent (the test-only hook FAULT_KILL_AFTER_COMMIT). The client's retry with the same Idempotency-Key, on a
 * fresh process, moves no money a second time. A route that resumes (a staff credit) answers the credit its first run
 * made; one that does not (the overdraft limit) answers that the request was carried out. Either way the same bytes on
 * every later retry, and audit:verify finds no key with two effects.
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

const CREDIT_ROUTE = '/api/staff/wallets/:userId/adjustments/';
const OVERDRAFT_ROUTE = '/api/staff/wallets/:userId/overdraft/';
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

const staffPost = (s: ServerProcess, what: 'adjustments' | 'overdraft', key: string, body: object) => fetch(`${s.url}/api/staff/wallets/${buyer.id}/${what}/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': key, ...bearer(staff) },
  body: JSON.stringify(body),
});
const credit = (s: ServerProcess, key: string) => staffPost(s, 'adjustments', key, { direction: 'credit', amount: '25.00', reason: 'Goodwill for a late delivery' });
const overdraft = (s: ServerProcess, key: string) => staffPost(s, 'overdraft', key, { limit: '100.00', reason: 'A trusted buyer' });

const walletEvents = async (type: string) => (await sql<{ data: { entry_id?: string } }>`
  SELECT data FROM events WHERE stream_id = ${walletStream(buyer.id)} AND type = ${type}`.execute(t.ctx.db)).rows;
const credits = async () => (await walletEvents('WalletCredited')).length;

/** Starts a server that dies after the route's commit, sends it the request, and waits for it to die unanswered. */
async function killedAfterCommit(route: string, send: (s: ServerProcess) => Promise<Response>): Promise<void> {
  const doomed = await servers.start({ FAULT_KILL_AFTER_COMMIT: route });
  const exited = new Promise((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
  let answered = true;
  await send(doomed).catch(() => { answered = false; });
  assert.is(answered, false, 'the first request got no answer');
  assert.is(await exited, 'SIGKILL');
}

test('killed between the commit and the answer: the staff credit resumes on a fresh process, and credits once', async () => {
  await killedAfterCommit(CREDIT_ROUTE, (s) => credit(s, 'goodwill-1'));
  const committed = await walletEvents('WalletCredited');
  assert.is(committed.length, 1, 'the credit committed before the process died');

  fresh = await servers.start();
  const retry = await credit(fresh, 'goodwill-1');
  const body = await retry.text();
  assert.is(retry.status, 201, body);
  assert.is(retry.headers.get('idempotent-replayed'), null, 'carried on, not replayed');
  const { transaction, wallet } = JSON.parse(body);
  assert.equal([transaction.id, transaction.amount, transaction.reason], [committed[0].data.entry_id, '25.00', 'Goodwill for a late delivery'],
    'the credit the first run made');
  assert.is(wallet.balance, '25.00');
  const again = await credit(fresh, 'goodwill-1');
  assert.is(await again.text(), body, 'every later retry: the same bytes');
  assert.is(again.headers.get('idempotent-replayed'), 'true');
  assert.is(await credits(), 1, 'still one credit');

  const audit = await verifyIdempotency(null, t.ctx.db);
  assert.ok(audit.checked >= 1);
  assert.equal(audit.differences, []);
});

test('a route that does not resume (the overdraft limit) answers that the request was carried out', async () => {
  await killedAfterCommit(OVERDRAFT_ROUTE, (s) => overdraft(s, 'limit-1'));
  assert.is((await walletEvents('OverdraftChanged')).length, 1, 'the change committed before the process died');
  const retry = await overdraft(fresh, 'limit-1');
  const body = await retry.text();
  assert.is(retry.status, 200, body);
  assert.is(JSON.parse(body).detail, CARRIED_OUT);
  assert.is(retry.headers.get('idempotent-replayed'), 'true');
  assert.is(retry.headers.get(CARRIED_OUT_HEADER), 'true', 'marked: not the route\'s own answer');
  const again = await overdraft(fresh, 'limit-1');
  assert.is(await again.text(), body, 'every later retry: the same bytes');
  assert.is((await walletEvents('OverdraftChanged')).length, 1, 'still one change');
  assert.equal((await verifyIdempotency(null, t.ctx.db)).differences, []);
});

test('a new key on the fresh process credits again (the key, not the amount, identifies a request)', async () => {
  const answer = await credit(fresh, 'goodwill-2');
  assert.is(answer.status, 201, await answer.text());
  assert.is(await credits(), 2);
});

test.run();
