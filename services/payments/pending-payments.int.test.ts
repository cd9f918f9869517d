/**
 * A challenge completed at the bank whose return never reached us (the window closed first, or the provider could
 * not be asked when it came): the pending-payments pass applies the provider's outcome, once, so a fee the buyer paid
 * is never left unrecorded. And the return itself, with the provider unreachable, sends the browser back instead of
 * showing a server error.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { CARD, card, countEvents, feeRow, followReturn, openChallenge, post } from './testing';
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
  Reflect.deleteProperty(paymentProvider(t.ctx), 'getPayment');
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

test.run();
