import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { CARD, followReturn, openChallenge, sandboxIntents } from '../payments/testing';
import { ORDER_MSG } from '../../domain/orders/messages';
import { ABANDONED_REASON, sweepAbandonedCardOrders } from './abandoned-card-orders';
import { ORDER_NOT_AWAITING_REFUND } from '../../domain/orders/settlement/card-payment';
import { cardDraft, createOrder, draft, eventsOf, fundWallet, staffPost, startOrderApp, transactionsOf, walletOf, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
  const issued = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'cask10', kind: 'fixed', value: '10.00', expires_at: null, max_uses: null, once_per_user: true });
  assert.is(issued.statusCode, 201, issued.body);
});

test.after(async () => {
  await t.close();
});

const sandboxCards = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM sandbox_cards`.execute(t.ctx.db)).rows[0].n);
const orderEvents = async (type: string, orderId: string) => (await eventsOf(t, type)).filter((e) => e.data.order_id === orderId);
const checkVoucher = (user: TestUser) => t.app.inject({
  method: 'POST', url: '/api/checkout/check_discount_code/', headers: bearer(user), payload: { discount_code: 'CASK10' },
});

test('card 4242: charged at once with the card surcharge, the order paid and the seller settled', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 10_000 }]);
  const res = await createOrder(t, buyer, 'delivery', cardDraft(CARD.ok, { insurance: false }));
  assert.is(res.statusCode, 201, res.body);
  const order = res.json();
  assert.equal([order.status, order.amount_due, order.payment_method], ['paid', '0.00', 'CARD']);
  // 100.00 + 12.50 + 2.50 + DPD 12.50 = 127.50; card surcharge 3% = 3.83 (rounded half up).
  const [payment] = (await eventsOf(t, 'PaymentCreated')).filter((e) => e.data.order_id === order.order_id);
  assert.equal([payment.data.purpose, payment.data.amount_pence], ['order', 13_133]);
  const [paid] = await orderEvents('OrderPaid', order.order_id);
  assert.equal([paid.data.method, paid.data.payment_id], ['CARD', payment.data.payment_id]);
  assert.is((await eventsOf(t, 'LotPaid')).filter((e) => e.data.lot_id === lot.id).length, 1);
  assert.ok((await transactionsOf(t, seller)).some((r) => r.kind === 'seller_proceeds' && r.reference === lot.id));
});

test('over the card limit: refused before the card is asked; the same order by bank transfer is placed, above £21,474,836.47 (PostgreSQL\'s integer)', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 900_000_000 }, { hammer: 900_000_000 }, { hammer: 900_000_000 }]);
  const intents = await sandboxIntents(t);
  const tokens = await sandboxCards();
  const refused = await createOrder(t, buyer, 'collection', cardDraft(CARD.ok));
  assert.equal([refused.statusCode, refused.json().detail], [400, ORDER_MSG.overCardLimit]);
  assert.equal(await eventsOf(t, 'OrderPlaced').then((e) => e.filter((x) => x.data.user_id === buyer.id)), [], 'no order');
  assert.equal([await sandboxIntents(t), await sandboxCards()], [intents, tokens], 'the provider was not asked, not even to tokenise the card');

  const res = await createOrder(t, buyer, 'collection', draft('UK_BANK'));
  assert.is(res.statusCode, 201, res.body);
  // 27,000,000 + premium 3,375,000 + its VAT 675,000 = 31,050,000 (no card surcharge).
  assert.equal([res.json().status, res.json().amount_due], ['awaiting_payment', '31050000.00']);
});

test('card 3220: payment HTML, the order waits; the challenge completed pays it, and returning again changes nothing', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 6_000 }]);
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge));
  assert.is(res.statusCode, 200, res.body);
  const html = res.json();
  assert.type(html, 'string');
  const [placed] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  const orderId = String(placed.data.order_id);
  assert.equal((await orderEvents('OrderPaid', orderId)).length, 0, 'awaiting payment until the challenge is answered');
  assert.equal(await wonItemIds(t, buyer), []);

  const challenge = await openChallenge(t, html);
  const back = await followReturn(t, await challenge.complete());
  assert.is(back.client, '/checkout-success?flow_type=checkout&create_order=true');
  assert.equal((await orderEvents('OrderPaid', orderId)).length, 1);
  const again = await t.app.inject({ method: 'GET', url: back.returnUrl });
  assert.equal([again.statusCode, again.headers.location], [303, `${back.client}&payment=${back.paymentId}`]);
  const paid = await t.app.inject({ method: 'GET', url: `/api/payments/${back.paymentId}/`, headers: { authorization: `Bearer ${buyer.access}` } });
  assert.equal([paid.json().purpose, paid.json().status, paid.json().order_id], ['order', 'succeeded', orderId], 'the order payment by id');
  assert.equal((await orderEvents('OrderPaid', orderId)).length, 1);
});

test('card 3220 failed: the order is cancelled, its lots free again, the wallet use refunded, the voucher use given back', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 8_000 }]);
  await fundWallet(t, buyer, 2_000);
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge, { used_from_wallet: '20.00', discount_code: 'cask10' }));
  assert.is(res.statusCode, 200, res.body);
  assert.is((await walletOf(t, buyer)).balance, '0.00', 'the wallet use is taken when the order is placed');
  const voucherUsed = await checkVoucher(buyer);
  assert.equal(voucherUsed.json(), { discount_code: ['You have already used this voucher code.'] });

  const back = await followReturn(t, await (await openChallenge(t, res.json())).fail());
  assert.is(back.client, '/checkout-success?flow_type=checkout&create_order=false');
  const [placed] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  const [cancelled] = await orderEvents('OrderCancelled', String(placed.data.order_id));
  assert.match(String(cancelled.data.reason), /^Card payment failed/);
  assert.equal(await wonItemIds(t, buyer), [lot.id]);
  assert.is((await walletOf(t, buyer)).balance, '20.00');
  assert.is((await transactionsOf(t, buyer))[0].kind, 'refund');
  assert.is((await checkVoucher(buyer)).statusCode, 200, 'the voucher can be used again');
  assert.equal(await transactionsOf(t, seller).then((rows) => rows.filter((r) => r.reference === lot.id)), []);

  // The lots are free: a new order with another card goes through.
  const retry = await createOrder(t, buyer, 'collection', cardDraft(CARD.ok, { discount_code: 'cask10' }));
  assert.equal([retry.statusCode, retry.json().status], [201, 'paid']);
});

test('a declined card: 400 with the provider message; the lots stay free', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 2_000 }]);
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.declined));
  assert.equal([res.statusCode, res.json()], [400, { detail: 'Your card was declined.' }]);
  assert.equal(await wonItemIds(t, buyer), [lot.id]);
});

test('card details are checked with the card rules before anything happens; a card of someone else is 404', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 2_000 }]);
  const before = (await eventsOf(t, 'OrderPlaced')).length;
  const bad = await createOrder(t, buyer, 'collection', cardDraft('4242 4242 4242 4241', {
    payment_method: { method: 'CARD', details: { card_number: '4242424242424241', expiry_date: '13/30', card_holder_name: '', cvv: '12' } },
  }));
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json(), {
    'payment_method.details.card_number': ['Card number is invalid'], 'payment_method.details.expiry_date': ['Invalid month'],
    'payment_method.details.card_holder_name': ['This field is required'], 'payment_method.details.cvv': ['CVC must be exactly 3 digits'],
  });
  const other = await createOrder(t, buyer, 'collection', cardDraft(CARD.ok, {
    payment_method: { method: 'CARD', details: { card_id: '6f1c2a52-4c1e-4d43-9a55-0b3c2f3e9d10' } },
  }));
  assert.equal([other.statusCode, other.json()], [404, { detail: 'Card not found.' }]);
  assert.is((await eventsOf(t, 'OrderPlaced')).length, before);
});

test('a card order is not marked paid by staff', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 2_000 }]);
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge));
  const [placed] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  assert.is(res.statusCode, 200);
  const marked = await staffPost(t, staff, `/api/staff/orders/${placed.data.order_id}/payment_received/`, { reference: 'x' });
  assert.equal([marked.statusCode, marked.json().detail], [400, 'This order is paid by card: its payment is recorded by the card provider.']);
});

test('a challenge never answered: after 30 minutes the order is cancelled; completing it later refunds the payment', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 2_500 }]);
  const start = t.clock.now();
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge));
  const [placed] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  const orderId = String(placed.data.order_id);
  t.clock.set(new Date(start.getTime() + 29 * 60_000));
  assert.not.ok((await sweepAbandonedCardOrders(t.ctx)).includes(orderId), 'not before 30 minutes');
  t.clock.set(new Date(start.getTime() + 31 * 60_000));
  assert.ok((await sweepAbandonedCardOrders(t.ctx)).includes(orderId));
  t.clock.set(start);
  const [cancelled] = await orderEvents('OrderCancelled', orderId);
  assert.equal([cancelled.data.reason, cancelled.data.by], [ABANDONED_REASON, 'system']);
  assert.equal(await wonItemIds(t, buyer), [lot.id]);

  const back = await followReturn(t, await (await openChallenge(t, res.json())).complete());
  assert.is(back.client, '/checkout-success?flow_type=checkout&create_order=false');
  assert.equal(await orderEvents('OrderPaid', orderId), []);
  const refunded = await t.app.inject({ method: 'GET', url: `/api/payments/${back.paymentId}/`, headers: { authorization: `Bearer ${buyer.access}` } });
  assert.is(refunded.json().status, 'failed', 'paid, then refunded at once: the order was not paid');
  const [refund] = (await eventsOf(t, 'PaymentRefunded')).filter((e) => e.data.payment_id === placed.data.payment_id);
  assert.equal([refund.data.reason, refund.data.amount_pence], [ORDER_NOT_AWAITING_REFUND, placed.data.summary && (placed.data.summary as { credit_debit_card: number }).credit_debit_card]);
});

test('a challenge answered whose return never reached us: the sweep applies the provider\'s outcome', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 2_500 }]);
  const start = t.clock.now();
  const res = await createOrder(t, buyer, 'collection', cardDraft(CARD.challenge));
  const fromProvider = await (await openChallenge(t, res.json())).complete();
  assert.is(fromProvider.statusCode, 303);
  const [placed] = (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === buyer.id);
  t.clock.set(new Date(start.getTime() + 31 * 60_000));
  await sweepAbandonedCardOrders(t.ctx);
  t.clock.set(start);
  assert.is((await orderEvents('OrderPaid', String(placed.data.order_id))).length, 1);
});

test.run();
