/**
 * A card payment that fails after its order committed (the provider unreachable, the database gone for a moment):
 * the order is answered as placed, awaiting its payment, with a sentence to try again (202: the order committed, so
 * never an error), and the retry with the same
 * Idempotency-Key carries that order on (the route resumes, infra/http/idempotency-keys.ts) instead of answering
 * "carried out" over an unpaid order or placing a second one. And the 30-minute sweep of abandoned card orders, with
 * the provider unreachable about one of them.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { CARD, followReturn, openChallenge } from '../payments/testing';
import { paymentProvider } from '../payments/provider';
import { reconcilePendingPayments } from '../payments/pending-payments';
import { verifyIdempotency } from '../audit/idempotency-verify';
import { ORDER_MSG } from '../../domain/orders/messages';
import { NO_WON_LOTS_MESSAGE } from '../../domain/checkout/price-summary';
import { ABANDONED_REASON, sweepAbandonedCardOrders } from './abandoned-card-orders';
import { drainOrderMail } from './order-mailer';
import { readMailbox } from '../../infra/mail/outbox';
import { CARD_PAYMENT_INTERRUPTED } from './place-order';
import { cardDraft, createOrder, eventsOf, startOrderApp, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
});

test.after.each(() => {
  // The provider's own methods again (the faults below are set on the instance).
  Reflect.deleteProperty(paymentProvider(t.ctx), 'createPayment');
  Reflect.deleteProperty(paymentProvider(t.ctx), 'getPayment');
});

test.after(async () => {
  await t.close();
});

/** The provider refuses the next `times` payments as an outage would (no answer at all). */
function providerDown(times: number): { calls: () => number } {
  const provider = paymentProvider(t.ctx);
  const real = Object.getPrototypeOf(provider).createPayment as typeof provider.createPayment;
  let calls = 0;
  provider.createPayment = async (request) => {
    calls += 1;
    if (calls <= times) throw new Error('connect ECONNREFUSED 203.0.113.7:443');
    return real.call(provider, request);
  };
  return { calls: () => calls };
}

/** The provider takes the next payment, and its answer is lost on the way back (a timeout after the charge). */
function answerLostOnce(): void {
  const provider = paymentProvider(t.ctx);
  const real = Object.getPrototypeOf(provider).createPayment as typeof provider.createPayment;
  let lost = false;
  provider.createPayment = async (request) => {
    const made = await real.call(provider, request);
    if (lost) return made;
    lost = true;
    throw new Error('read ETIMEDOUT');
  };
}

/** The abandoned-card sweep run 31 minutes from now (the clock put back after it). */
async function sweepLater(minutes = 31): Promise<string[]> {
  const start = t.clock.now();
  t.clock.set(new Date(start.getTime() + minutes * 60_000));
  try {
    return await sweepAbandonedCardOrders(t.ctx);
  } finally {
    t.clock.set(start);
  }
}

const ofBuyer = async (type: string, buyer: TestUser) => (await eventsOf(t, type)).filter((e) => e.data.user_id === buyer.id);
const ofOrder = async (type: string, orderId: string) => (await eventsOf(t, type)).filter((e) => e.data.order_id === orderId);

test('the provider down after the order committed: 202, placed and awaiting payment; the same key again pays that one order', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 10_000 }]);
  const outage = providerDown(1);
  const key = randomUUID();
  const body = cardDraft(CARD.ok, { insurance: false });

  const first = await createOrder(t, buyer, 'delivery', body, key);
  assert.is(first.statusCode, 202, first.body);
  const answered = first.json();
  assert.equal([answered.status, answered.payment_method, answered.detail], ['awaiting_payment', 'CARD', CARD_PAYMENT_INTERRUPTED]);
  assert.equal(answered.amount_due, '131.33', 'the card payment still due (127.50 and its 3% fee)');
  const [placed] = await ofBuyer('OrderPlaced', buyer);
  const orderId = String(placed.data.order_id);
  assert.is(answered.order_id, orderId);
  assert.equal(await ofOrder('PaymentCreated', orderId), [], 'no payment recorded');
  assert.equal(await wonItemIds(t, buyer), [], 'the lots are held for the order');

  const another = await createOrder(t, buyer, 'delivery', body);
  assert.equal([another.statusCode, another.json().detail], [400, NO_WON_LOTS_MESSAGE], 'a new key is a new order, and the lots are held');

  const retry = await createOrder(t, buyer, 'delivery', body, key);
  assert.is(retry.statusCode, 201, retry.body);
  assert.equal([retry.json().order_id, retry.json().status, retry.json().amount_due], [orderId, 'paid', '0.00']);
  assert.is(outage.calls(), 2);
  assert.is((await ofBuyer('OrderPlaced', buyer)).length, 1, 'one order');
  assert.is((await ofOrder('PaymentCreated', orderId)).length, 1, 'one payment');
  assert.is((await ofOrder('OrderPaid', orderId)).length, 1);

  const replayed = await createOrder(t, buyer, 'delivery', body, key);
  assert.equal([replayed.statusCode, replayed.headers['idempotent-replayed'], replayed.body], [201, 'true', retry.body]);
  assert.is(outage.calls(), 2, 'a replay does not go to the provider');
  const audit = await verifyIdempotency(null, t.ctx.db);
  assert.equal(audit.differences, [], 'the first run and the one that carried it on are one effect');
});

test('a 3-D Secure card interrupted: the retry answers the challenge, and completing it pays the order', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 4_000 }]);
  providerDown(2);
  const key = randomUUID();
  const body = cardDraft(CARD.challenge);
  assert.is((await createOrder(t, buyer, 'collection', body, key)).statusCode, 202);
  assert.is((await createOrder(t, buyer, 'collection', body, key)).statusCode, 202, 'still down: still the same order, not a replay');

  const retry = await createOrder(t, buyer, 'collection', body, key);
  assert.is(retry.statusCode, 200, retry.body);
  const [placed] = await ofBuyer('OrderPlaced', buyer);
  const orderId = String(placed.data.order_id);
  const back = await followReturn(t, await (await openChallenge(t, retry.json())).complete());
  assert.is(back.client, '/checkout-success?flow_type=checkout&create_order=true');
  assert.is((await ofOrder('OrderPaid', orderId)).length, 1);
  assert.is((await ofBuyer('OrderPlaced', buyer)).length, 1);
});

test('an interrupted order cancelled by the 30-minute sweep: the late retry is refused and charges nothing', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 3_000 }]);
  const outage = providerDown(1);
  const key = randomUUID();
  const body = cardDraft(CARD.ok);
  const start = t.clock.now();
  assert.is((await createOrder(t, buyer, 'collection', body, key)).statusCode, 202);
  const [placed] = await ofBuyer('OrderPlaced', buyer);
  const orderId = String(placed.data.order_id);
  t.clock.set(new Date(start.getTime() + 31 * 60_000));
  try {
    assert.ok((await sweepAbandonedCardOrders(t.ctx)).includes(orderId));
  } finally {
    t.clock.set(start);
  }

  const late = await createOrder(t, buyer, 'collection', body, key);
  assert.equal([late.statusCode, late.json().detail], [400, ORDER_MSG.cancelled]);
  assert.is(outage.calls(), 1, 'the provider is not asked for a cancelled order');
  assert.equal(await ofOrder('PaymentCreated', orderId), []);
  assert.equal(await wonItemIds(t, buyer), [lot.id], 'the lots are free again');
  // The buyer, confirmed an order, is told why it went.
  await t.ctx.projections.settle();
  await drainOrderMail(t.ctx.db, t.ctx.store, { publicUrl: t.ctx.config.publicUrl, now: () => t.clock.now() });
  const [mail] = (await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => m.subject === `Your order ${placed.data.order_number} is cancelled`);
  assert.ok(mail?.text.includes(`is cancelled. ${ABANDONED_REASON}`), mail?.text);
});

/** A buyer's card order whose payment the provider took (or began: a challenge) and whose answer was lost: 202. */
async function orderWithLostAnswer(cardNumber: string) {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 2_500 }]);
  answerLostOnce();
  assert.is((await createOrder(t, buyer, 'collection', cardDraft(cardNumber))).statusCode, 202);
  const [placed] = await ofBuyer('OrderPlaced', buyer);
  const orderId = String(placed.data.order_id);
  assert.equal(await ofOrder('PaymentCreated', orderId), [], 'nothing recorded: the answer never came');
  return { placed, orderId, paymentId: String(placed.data.payment_id) };
}

test('taken at the provider, its answer lost, the buyer gone: the sweep finds the payment by its key and pays the order', async () => {
  const { placed, orderId } = await orderWithLostAnswer(CARD.ok);

  assert.ok((await sweepLater()).includes(orderId));
  const [created] = await ofOrder('PaymentCreated', orderId);
  assert.ok(created, 'the payment the provider took is recorded');
  assert.equal([created.data.payment_id, created.data.amount_pence], [placed.data.payment_id, (placed.data.summary as { credit_debit_card: number }).credit_debit_card]);
  assert.is((await ofOrder('OrderPaid', orderId)).length, 1, 'the money taken pays the order');
  assert.equal(await ofOrder('OrderCancelled', orderId), [], 'not cancelled under a payment that went through');
});

test('its challenge open when found: recorded pending, the order cancelled; the check finished later is refunded', async () => {
  const { orderId, paymentId } = await orderWithLostAnswer(CARD.challenge);
  assert.ok((await sweepLater()).includes(orderId));
  assert.is((await ofOrder('OrderCancelled', orderId)).length, 1);
  assert.is((await ofOrder('PaymentCreated', orderId)).length, 1, 'recorded, pending');

  // The bank's check is finished later (its link was in the lost answer), and the browser never comes back.
  const intent = await sql<{ id: string }>`SELECT id FROM sandbox_intents WHERE idempotency_key = ${paymentId}`.execute(t.ctx.db);
  await sql`UPDATE sandbox_intents SET status = 'succeeded' WHERE id = ${intent.rows[0].id}`.execute(t.ctx.db);
  // Recorded by the sweep 31 minutes in: the pending pass takes an order payment 35 minutes after it was recorded.
  await t.ctx.projections.settle();
  const start = t.clock.now();
  t.clock.set(new Date(start.getTime() + 67 * 60_000));
  try {
    assert.equal(await reconcilePendingPayments(t.ctx), [paymentId], 'past the sweep, the pending pass asks again');
  } finally {
    t.clock.set(start);
  }
  const refunds = (await eventsOf(t, 'PaymentRefundDecided')).filter((e) => e.stream_id.endsWith(paymentId));
  assert.is(refunds.length, 1, 'a success on a cancelled order is given back');
  assert.equal(await ofOrder('OrderPaid', orderId), []);
});

test('the provider unreachable about one abandoned order: the sweep settles the others, and that one next time', async () => {
  const [first, second] = [await createTestUser(t), await createTestUser(t)];
  const start = t.clock.now();
  const placed: { orderId: string; providerRef: string }[] = [];
  for (const buyer of [first, second]) {
    await wonLots(t, staff, buyer, seller, [{ hammer: 2_000 }]);
    assert.is((await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge))).statusCode, 200);
    const [order] = await ofBuyer('OrderPlaced', buyer);
    const [payment] = await ofOrder('PaymentCreated', String(order.data.order_id));
    placed.push({ orderId: String(order.data.order_id), providerRef: String(payment.data.provider_ref) });
  }
  const provider = paymentProvider(t.ctx);
  const real = Object.getPrototypeOf(provider).getPayment as typeof provider.getPayment;
  provider.getPayment = async (ref) => {
    if (ref === placed[0].providerRef) throw new Error('connect ECONNREFUSED 203.0.113.7:443');
    return real.call(provider, ref);
  };
  t.clock.set(new Date(start.getTime() + 31 * 60_000));
  try {
    assert.equal(await sweepAbandonedCardOrders(t.ctx), [placed[1].orderId], 'the older order, unreachable, does not hold up the other');
    assert.equal(await ofOrder('OrderCancelled', placed[0].orderId), [], 'not cancelled without the provider\'s word');
    Reflect.deleteProperty(provider, 'getPayment');
    assert.equal(await sweepAbandonedCardOrders(t.ctx), [placed[0].orderId]);
  } finally {
    t.clock.set(start);
  }
});

test.run();
