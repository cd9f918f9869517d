/**
 * The order emails through the outbox: the confirmation when an order is placed (delivery by DPD, UK bank transfer),
 * the receipt when staff record its payment and the cancellation when staff cancel one, each once however often the
 * mailer runs; a card order's confirmation when its card payment goes through, none for a decline; and the carrier
 * named in
 * the priced draft, the order history and the invoice PDF.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { readMailbox } from '../../infra/mail/outbox';
import { call, pdfText } from '../wallet/testing';
import { wonLot } from '../checkout/testing';
import { drainOrderMail, ORDER_MAILER_NAME } from './order-mailer';
import { CARD } from '../payments/testing';

let t: TestApp;
let buyer: TestUser;
let staff: TestUser;

const home = {
  country: 'united-kingdom', region: '', city: 'Edinburgh', street: '12 Royal Mile', apartment: 'Flat 3', zip_code: 'EH1 1AA',
  name: 'Isla Grant', company: '', phone_number: '07400 123456',
};
const draft = (extra: Record<string, unknown> = {}) => ({
  lots_from_storage: [], insurance: true, discount_code: '', used_from_wallet: '0.00', note_from_customer: '',
  personal_information: { first_name: 'Isla', last_name: 'Grant', phone_number: '07400 123456', additional_phone_number: '', email: 'isla@grant.test' },
  billing_address: home, shipping_address: home, payment_method: { method: 'UK_BANK', details: {} },
  storage_months: 0, storage_days: 45, storage_type: 'days', ...extra,
});

const mailOf = async () => (await readMailbox(t.ctx.db, { to: buyer.email })).filter((m) => /order/i.test(m.subject));
const drain = async () => {
  await t.ctx.projections.settle();
  await drainOrderMail(t.ctx.db, t.ctx.store, { publicUrl: t.ctx.config.publicUrl, now: () => t.clock.now() });
};

test.before(async () => {
  t = await startTestApp();
  [buyer, staff] = [await createTestUser(t, { firstName: 'Isla' }), await createTestUser(t, { staff: true })];
  await wonLot(t, buyer.id, { hammerPence: 12_000, title: 'Springbank 21' });
  await wonLot(t, buyer.id, { hammerPence: 7_500, title: 'Hazelburn 10' });
});

test.after(async () => {
  await t.close();
});

test('check_costs names the carrier it priced: DPD in the UK, DHL in France, none for collection', async () => {
  const uk = (await call(t, 'POST', '/api/checkout/delivery/check_costs/', draft(), { user: buyer })).json();
  assert.equal([uk.carrier, uk.shipping_amount], ['DPD', '15.00'], 'UK by DPD: £12.50 and £2.50 for the second bottle');
  const france = { ...home, country: 'france', city: 'Lyon', zip_code: '69001' };
  assert.is((await call(t, 'POST', '/api/checkout/delivery/check_costs/', draft({ shipping_address: france }), { user: buyer })).json().carrier, 'DHL');
  assert.is((await call(t, 'POST', '/api/checkout/collection/check_costs/', draft({ shipping_address: null }), { user: buyer })).json().carrier, null);
});

test('placing an order mails its confirmation once; staff recording the payment mails the receipt once', async () => {
  const placed = await call(t, 'POST', '/api/checkout/delivery/create_order/',
    { ...draft(), callback: '/checkout-success?flow_type=checkout', strong_customer_authentication_data: {} }, { user: buyer, key: 'order-mail-1' });
  assert.is(placed.statusCode, 201, placed.body);
  const order = placed.json();
  await drain();
  const [confirmation, ...others] = await mailOf();
  assert.is(others.length, 0, 'one email so far');
  assert.is(confirmation.subject, `Your order ${order.order_number} is confirmed`);
  for (const line of ['Hello Isla,', 'Lot', 'Springbank 21', 'Hazelburn 10', 'Delivery by DPD to Isla Grant, 12 Royal Mile, Flat 3, Edinburgh',
    `Amount due: £${order.amount_due} by UK bank transfer, quoting ${order.order_number} as the reference.`, '/account/orders']) {
    assert.ok(confirmation.text.includes(line), `the confirmation lacks "${line}":\n${confirmation.text}`);
  }
  assert.ok(confirmation.html.includes('Springbank 21'));

  const received = await call(t, 'POST', `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'HSBC-778' }, { user: staff, key: 'pay-mail-1' });
  assert.ok(received.statusCode < 300, received.body);
  await drain();
  const mails = await mailOf();
  assert.is(mails.length, 2, 'the receipt follows');
  assert.is(mails[0].subject, `Receipt for your order ${order.order_number}`);
  for (const line of ['We have received your payment', 'by UK bank transfer (reference HSBC-778)', 'Delivery by DPD']) {
    assert.ok(mails[0].text.includes(line), `the receipt lacks "${line}":\n${mails[0].text}`);
  }

  // A lost checkpoint (or a second process) replays the feed: the outbox keys keep it to one email each.
  await sql`DELETE FROM projection_checkpoints WHERE name = ${ORDER_MAILER_NAME}`.execute(t.ctx.db);
  await drain();
  assert.is((await mailOf()).length, 2, 'no email twice');

  const history = (await call(t, 'GET', '/api/orders_history/', undefined, { user: buyer })).json();
  assert.is(history.results[0].carrier, 'DPD');
  const text = pdfText((await call(t, 'GET', `/api/orders/${order.order_id}/get_pdf/`, undefined, { user: buyer })).json().file).replace(/\s+/g, ' ');
  for (const expected of ['Carrier: DPD', 'Shipping by DPD £15.00']) assert.ok(text.includes(expected), `PDF lacks "${expected}":\n${text}`);
});

test('a confirmed order cancelled by staff mails the cancellation once: its lots back in the checkout, not the staff\'s note', async () => {
  await wonLot(t, buyer.id, { hammerPence: 5_000, title: 'Kilkerran 12' });
  const placed = await call(t, 'POST', '/api/checkout/delivery/create_order/',
    { ...draft(), callback: '/checkout-success?flow_type=checkout', strong_customer_authentication_data: {} }, { user: buyer, key: 'order-mail-2' });
  assert.is(placed.statusCode, 201, placed.body);
  const order = placed.json();
  await drain();
  const cancelled = await call(t, 'POST', `/api/staff/orders/${order.order_id}/cancel/`, { reason: 'Phoned in: internal note 42' }, { user: staff, key: 'cancel-mail-2' });
  assert.ok(cancelled.statusCode < 300, cancelled.body);
  await drain();
  const [cancellation] = await mailOf();
  assert.is(cancellation.subject, `Your order ${order.order_number} is cancelled`);
  for (const line of [`Your order ${order.order_number} is cancelled. Our team cancelled it.`, 'Its lots are back in your checkout, to pay for again.', '/checkout']) {
    assert.ok(cancellation.text.includes(line), `the cancellation lacks "${line}":\n${cancellation.text}`);
  }
  assert.not.ok(cancellation.text.includes('internal note'), 'the staff member\'s reason is for the house');
  await sql`DELETE FROM projection_checkpoints WHERE name = ${ORDER_MAILER_NAME}`.execute(t.ctx.db);
  await drain();
  assert.is((await mailOf()).filter((m) => m.subject === cancellation.subject).length, 1, 'once');
});

const byCard = (cardNumber: string) => draft({
  payment_method: { method: 'CARD', details: { card_number: cardNumber, expiry_date: '12/30', card_holder_name: 'Isla Grant', cvv: '739' } },
});
const mailsAbout = async (orderNumber: string) => (await mailOf()).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject).sort();
/** The buyer's last order placed, from its event (a declined or challenged order answers no order number). */
const lastPlaced = async () => (await sql<{ number: string; id: string }>`SELECT data->>'order_number' AS number, data->>'order_id' AS id
  FROM events WHERE type = 'OrderPlaced' AND data->>'user_id' = ${buyer.id} ORDER BY position DESC LIMIT 1`.execute(t.ctx.db)).rows[0];
const placeByCard = (cardNumber: string, key: string) => call(t, 'POST', '/api/checkout/delivery/create_order/',
  { ...byCard(cardNumber), callback: '/checkout-success?flow_type=checkout', strong_customer_authentication_data: {} }, { user: buyer, key });

test('a card order is confirmed once its payment goes through, beside its receipt; a declined card, shown on the page, mails nothing', async () => {
  await wonLot(t, buyer.id, { hammerPence: 6_000, title: 'Glen Scotia 15' });
  const declined = await placeByCard(CARD.declined, 'order-mail-3');
  assert.is(declined.statusCode, 400, declined.body);
  const declinedNumber = (await lastPlaced()).number;
  await drain();
  assert.equal(await mailsAbout(declinedNumber), [], 'no confirmation, and no cancellation, for a decline the buyer saw');

  const paid = await placeByCard(CARD.ok, 'order-mail-4');
  assert.is(paid.statusCode, 201, paid.body);
  const order = paid.json();
  await drain();
  assert.equal(await mailsAbout(order.order_number), [`Receipt for your order ${order.order_number}`, `Your order ${order.order_number} is confirmed`]);
  const confirmation = (await mailOf()).find((m) => m.subject === `Your order ${order.order_number} is confirmed`)!;
  for (const line of ['Glen Scotia 15', 'There is nothing left to pay: your receipt follows.']) {
    assert.ok(confirmation.text.includes(line), `the confirmation lacks "${line}":\n${confirmation.text}`);
  }
  await sql`DELETE FROM projection_checkpoints WHERE name = ${ORDER_MAILER_NAME}`.execute(t.ctx.db);
  await drain();
  assert.is((await mailsAbout(order.order_number)).length, 2, 'once each');
});

test('a card order left in the bank\'s check and cancelled by staff mails the cancellation alone', async () => {
  await wonLot(t, buyer.id, { hammerPence: 4_000, title: 'Longrow 18' });
  const inCheck = await placeByCard(CARD.challenge, 'order-mail-5');
  assert.is(inCheck.statusCode, 200, inCheck.body);
  const { number, id: orderId } = await lastPlaced();
  await drain();
  assert.equal(await mailsAbout(number), [], 'not confirmed while the card payment is awaited');
  const cancelled = await call(t, 'POST', `/api/staff/orders/${orderId}/cancel/`, { reason: 'Duplicate' }, { user: staff, key: 'cancel-mail-5' });
  assert.ok(cancelled.statusCode < 300, cancelled.body);
  await drain();
  assert.equal(await mailsAbout(number), [`Your order ${number} is cancelled`], 'the buyer was not there to see it');
});

test.run();
