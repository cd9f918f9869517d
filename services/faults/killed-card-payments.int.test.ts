/**
 * Fault: the server is killed (SIGKILL, the test-only hook FAULT_KILL_AFTER_COMMIT) after a card payment committed and
 * before its answer was stored or sent. The card routes resume (infra/http/idempotency-keys.ts): the client's retry
 * with the same Idempotency-Key, on another process (this test's own app), is answered with what that payment did (the fee paid, the card
 * saved), where a route that does not resume can only say "carried out"; nothing is charged or saved twice.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { bearer, createTestUser } from '../testing/users';
import type { ServerProcess } from '../testing/server-process';
import { killableServers, type KillableServers } from './killable-servers';
import { verifyIdempotency } from '../audit/idempotency-verify';
import { CARD, card, countEvents, sandboxIntents } from '../payments/testing';

let t: TestApp;
let servers: KillableServers;

test.before(async () => {
  // Real time: the killed servers check the tokens against their own clocks.
  t = await startTestApp({ clock: new TestClock(new Date()) });
  servers = killableServers(t);
});

test.after(async () => {
  await servers.stopAll();
  await t.close();
});

type Buyer = Awaited<ReturnType<typeof createTestUser>>;
const send = (s: ServerProcess, buyer: Buyer, url: string, key: string, body: unknown) => fetch(`${s.url}${url}`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key, ...bearer(buyer) }, body: JSON.stringify(body),
});

/** The retry, on this test's own app: another process than the one killed, on the same database. */
async function retry(buyer: Buyer, url: string, key: string, body: unknown): Promise<{ status: number; body: string; replayed: unknown }> {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key, ...bearer(buyer) }, payload: body as object });
  return { status: res.statusCode, body: res.body, replayed: res.headers['idempotent-replayed'] };
}

/** Sends once to a server that dies after the commit: no answer, the process killed, the payment recorded. */
async function killedAfterCommit(route: string, buyer: Buyer, key: string, body: unknown): Promise<void> {
  const doomed = await servers.start({ FAULT_KILL_AFTER_COMMIT: route });
  const exited = new Promise((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
  let answered = true;
  await send(doomed, buyer, route, key, body).catch(() => { answered = false; });
  assert.is(answered, false, 'the first request got no answer');
  assert.is(await exited, 'SIGKILL');
  assert.is(await countEvents(t, 'PaymentSucceeded', buyer.id), 1, 'the payment committed before the process died');
}

test('the fee paid and the process killed before the answer: the retry answers the fee paid, charged once', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  await killedAfterCommit('/api/registration_fee/', buyer, 'fee-killed', card(CARD.ok));

  const first = await retry(buyer, '/api/registration_fee/', 'fee-killed', card(CARD.ok));
  assert.is(first.status, 200, first.body);
  assert.is(JSON.parse(first.body).registration_fee_status, true);
  const again = await retry(buyer, '/api/registration_fee/', 'fee-killed', card(CARD.ok));
  assert.equal([again.replayed, again.body], ['true', first.body], 'every later retry: the same bytes');
  assert.is(await sandboxIntents(t), intents + 1, 'one charge at the provider');
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 1);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
});

test('a card saved and the process killed before the answer: the retry answers that card, saved once', async () => {
  const buyer = await createTestUser(t);
  await killedAfterCommit('/api/user_payment_cards/', buyer, 'card-killed', card(CARD.mastercard));

  const answered = await retry(buyer, '/api/user_payment_cards/', 'card-killed', card(CARD.mastercard));
  assert.is(answered.status, 201, answered.body);
  const saved = JSON.parse(answered.body);
  assert.equal([saved.last4, saved.default], ['4444', true]);
  assert.is(await countEvents(t, 'CardSaved', buyer.id), 1, 'saved once');
  // Another key for the same number is a new request: the card is saved already.
  const other = await retry(buyer, '/api/user_payment_cards/', 'card-other', card(CARD.mastercard));
  assert.equal([other.status, JSON.parse(other.body).detail], [400, 'This card is already saved.']);

  const audit = await verifyIdempotency(null, t.ctx.db);
  assert.equal(audit.differences, [], 'one effect per key, the resumed runs included');
});

test.run();
