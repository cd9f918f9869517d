/**
 * A challenge completed at the bank whose return never reached us (the window closed first, or the provider could
 * not be asked when it came): the pending-payments pass applies the provider's outcome, once, so a fee the buyer paid
 * is never left unrecorded. And the return itself, with the provider unreachable, sends the browser back instead of
 * showing a server error. And a payment whose provider answer was lost altogether: found by its key, or its request
 * recorded as lapsed.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { CARD, card, countEvents, feeRow, followReturn, openChallenge, post, sandboxIntents } from './testing';
import { paymentProvider } from './provider';
import { reconcilePendingPayments } from './pending-payments';
import { paymentStats } from './payment-stats';
import { paymentsFeature } from './feature';

let t: TestApp;
const FEE = '/api/registration_fee/';
const MINUTE = 60_000;

test.before(async () => {
  t = await startTestApp();
  // The test runs the passes itself: the timer's workers would apply outcomes behind its back.
  await paymentsFeature.stop?.(t.ctx);
});

test.after.each(() => {
  for (const method of ['getPayment', 'createPayment', 'setupCard']) Reflect.deleteProperty(paymentProvider(t.ctx), method);
});

test.after(async () => {
  await t.close();
});

/** A pass `minutes` after now, the clock put back after it. */
async function passAfter(minutes: number): Promise<string[]> {
  const start = t.clock.now();
  t.clock.set(new Date(start.getTime() + minutes * MINUTE));
  try {
    return await reconcilePendingPayments(t.ctx);
  } finally {
    t.clock.set(start);
  }
}

const paymentIdOf = (fromProvider: { headers: Record<string, unknown> }) => String(fromProvider.headers.location).split('/').pop()!;

test('a fee challenge completed and the window closed before the return: the pass records the fee paid, once', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, FEE, card(CARD.challenge));
  const fromProvider = await (await openChallenge(t, res.json())).complete();
  assert.is(fromProvider.statusCode, 303, 'the bank sends the browser back, and the browser never arrives');
  const paymentId = paymentIdOf(fromProvider);
  assert.is((await feeRow(t, buyer.id)).registration_fee_status, false);

  assert.equal(await passAfter(1), [], 'not before the return had its time');
  // What the operator's gauges show meanwhile (docs/operations.md): this payment pending, three minutes old.
  const waiting = await paymentStats(t.ctx.db, new Date(t.clock.now().getTime() + 3 * MINUTE));
  assert.ok(waiting.pending >= 1);
  assert.ok(waiting.oldestPendingSeconds >= 180, `${waiting.oldestPendingSeconds} s`);
  assert.equal(await passAfter(3), [paymentId]);
  assert.equal(await passAfter(4), [], 'decided: nothing more');
  await t.ctx.projections.settle();
  assert.is((await feeRow(t, buyer.id)).registration_fee_status, true);
  assert.is(await countEvents(t, 'PaymentSucceeded', buyer.id), 1);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);

  const late = await followReturn(t, fromProvider);
  assert.is(late.client, '/?registration_fee=true', 'the late return finds it paid and changes nothing');
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
});

test('a card check completed without its return: the pass saves the card; a challenge still open is left alone', async () => {
  const [saver, waiter] = [await createTestUser(t), await createTestUser(t)];
  const saving = await post(t, saver, '/api/user_payment_cards/', card(CARD.challenge));
  await (await openChallenge(t, saving.json())).complete();
  await post(t, waiter, FEE, card(CARD.challenge));

  const decided = await passAfter(3);
  assert.is(decided.length, 1, 'the open challenge stays pending');
  assert.is(await countEvents(t, 'CardSaved', saver.id), 1);
  assert.is(await countEvents(t, 'PaymentSucceeded', waiter.id), 0);
  assert.is(await countEvents(t, 'PaymentFailed', waiter.id), 0);
});

test('the provider unreachable at the return: the browser goes back unconfirmed (not a 500), and the pass records it later', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, FEE, card(CARD.challenge));
  const fromProvider = await (await openChallenge(t, res.json())).complete();
  const provider = paymentProvider(t.ctx);
  provider.getPayment = async () => {
    throw new Error('connect ECONNREFUSED 203.0.113.7:443');
  };
  const back = await followReturn(t, fromProvider);
  assert.is(back.client, '/?registration_fee=false', 'sent back; the client asks the payment and finds it pending');
  const asked = await t.app.inject({ method: 'GET', url: `/api/payments/${back.paymentId}/`, headers: { authorization: `Bearer ${buyer.access}` } });
  assert.is(asked.json().status, 'pending');

  assert.equal(await passAfter(3), [], 'still unreachable: still pending, and no error');
  Reflect.deleteProperty(provider, 'getPayment');
  assert.equal(await passAfter(3), [back.paymentId]);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
});

/** The provider's next call of `method`: made and its answer lost (a timeout after the charge), or never received. */
function answerLost(method: 'createPayment' | 'setupCard', made: boolean): void {
  const provider = paymentProvider(t.ctx);
  const real = Object.getPrototypeOf(provider)[method] as (request: unknown) => Promise<unknown>;
  const lost = async (request: unknown): Promise<never> => {
    Reflect.deleteProperty(provider, method);
    if (made) await real.call(provider, request);
    throw new Error(made ? 'read ETIMEDOUT' : 'connect ECONNREFUSED 203.0.113.7:443');
  };
  Object.assign(provider, { [method]: lost });
}

/** The events of one payment, by type, in order. */
async function eventsOfPayment(paymentId: string): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`SELECT type FROM events WHERE stream_id = ${`payment-${paymentId}`} ORDER BY position`.execute(t.ctx.db);
  return rows.map((r) => r.type);
}

async function requestedBy(userId: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`SELECT data->>'payment_id' AS id FROM events WHERE type = 'PaymentRequested' AND data->>'user_id' = ${userId}`.execute(t.ctx.db);
  assert.is(rows.length, 1, 'one payment requested');
  return rows[0].id;
}

test('a fee taken whose answer was lost, the buyer gone: the pass finds it by its key and records the fee paid, once', async () => {
  const buyer = await createTestUser(t);
  answerLost('createPayment', true);
  const res = await post(t, buyer, FEE, card(CARD.ok, { card_holder_name: 'Morag Fyfe' }));
  assert.is(res.statusCode, 503, res.body);
  const paymentId = await requestedBy(buyer.id);
  assert.equal(await eventsOfPayment(paymentId), ['PaymentRequested'], 'asked, and no answer recorded');
  // The pass reads the payments read model (the answer, a 503, waited for no view).
  await t.ctx.projections.settle();
  assert.is((await feeRow(t, buyer.id)).registration_fee_status, false);

  assert.equal(await passAfter(1), [], 'not before a retry had its time');
  assert.equal(await passAfter(3), [paymentId]);
  assert.equal(await passAfter(4), [], 'recorded: nothing more');
  assert.equal(await eventsOfPayment(paymentId), ['PaymentRequested', 'PaymentCreated', 'PaymentSucceeded']);
  await t.ctx.projections.settle();
  assert.is((await feeRow(t, buyer.id)).registration_fee_status, true, 'the fee the buyer paid is theirs');
  const created = await sql<{ holder: string }>`SELECT data->>'card_holder_name' AS holder FROM events WHERE type = 'PaymentCreated' AND stream_id = ${`payment-${paymentId}`}`.execute(t.ctx.db);
  assert.is(created.rows[0].holder, 'Morag Fyfe', 'recorded as it was asked for');
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
});

test('a card check the provider never received: its request lapses, nothing charged; a retry with its key still saves the card', async () => {
  const saver = await createTestUser(t);
  const key = randomUUID();
  const before = await sandboxIntents(t);
  answerLost('setupCard', false);
  assert.is((await post(t, saver, '/api/user_payment_cards/', card(CARD.ok), key)).statusCode, 503);
  const paymentId = await requestedBy(saver.id);
  await t.ctx.projections.settle();
  assert.is((await paymentStats(t.ctx.db, t.clock.now())).pending >= 1, true, 'waiting on the provider meanwhile');

  assert.equal(await passAfter(3), [], 'nothing to apply');
  assert.equal(await eventsOfPayment(paymentId), ['PaymentRequested', 'PaymentRequestLapsed']);
  assert.equal(await passAfter(4), [], 'lapsed: not asked again');
  assert.is(await sandboxIntents(t), before, 'the provider has nothing');
  await t.ctx.projections.settle();
  const row = await t.ctx.db.selectFrom('payments').select(['status', 'provider_ref']).where('id', '=', paymentId).executeTakeFirstOrThrow();
  assert.equal(row, { status: 'lapsed', provider_ref: null });

  const retry = await post(t, saver, '/api/user_payment_cards/', card(CARD.ok), key);
  assert.is(retry.statusCode, 201, retry.body);
  assert.equal(await eventsOfPayment(paymentId), ['PaymentRequested', 'PaymentRequestLapsed', 'PaymentRequested', 'PaymentCreated', 'PaymentSucceeded']);
  assert.is(await countEvents(t, 'CardSaved', saver.id), 1);
});

test.run();
