import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createOrder, draft, eventsOf, getJson, staffPost, startOrderApp, transactionsOf, walletOf, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
});

test.after(async () => {
  await t.close();
});

test('UK bank collection: 201 with the amount due and the bank details; the lots are held; staff mark it paid; the seller is settled', async () => {
  const buyer = await createTestUser(t);
  const [a, b] = await wonLots(t, staff, buyer, seller, [{ hammer: 20_000, reserve: true }, { hammer: 10_000, vat: true }]);
  assert.equal((await wonItemIds(t, buyer)).sort(), [a.id, b.id].sort());

  const res = await createOrder(t, buyer, 'collection', draft('UK_BANK'));
  assert.is(res.statusCode, 201, res.body);
  const order = res.json();
  // 300.00 hammer + 37.50 premium + 7.50 VAT on premium + 20.00 VAT on the VAT lot's hammer.
  assert.equal([order.amount_due, order.status, order.payment_method], ['365.00', 'awaiting_payment', 'UK_BANK']);
  assert.match(order.order_number, /^WA-2026-\d{6}$/);
  assert.equal(order.bank_details, {
    sort_code_uk: '20-20-15', account_number_uk: '55555555', account_owner_uk: 'Hartley & Reid Whisky Auctions Ltd',
    account_owner_int: 'Hartley & Reid Whisky Auctions Ltd', iban_int: 'GB33BUKB20201555555555', bic_swift_int: 'BUKBGB22',
    bank_address_int: '1 Example Street, London EC1A 1AA, United Kingdom',
  });
  assert.is(order.store_info, undefined);
  assert.equal(await wonItemIds(t, buyer), [], 'lots in an order awaiting payment are not to pay again');
  assert.is((await eventsOf(t, 'LotReserved')).filter((e) => e.data.order_id === order.order_id).length, 2);
  assert.equal(await transactionsOf(t, seller), [], 'the seller is paid only once the buyer has paid');

  const paid = await staffPost(t, staff, `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'BACS 20391' });
  assert.is(paid.statusCode, 200, paid.body);
  assert.equal([paid.json().status, paid.json().amount_due, paid.json().paid_reference, paid.json().next_statuses],
    ['paid', '0.00', 'BACS 20391', ['processing', 'ready_for_collection', 'collected']]);
  assert.is((await eventsOf(t, 'LotPaid')).filter((e) => e.data.order_id === order.order_id).length, 2);

  // Hammer credited, then a line per fee: 5% commission, £5 listing, £5 reserve fee (lot a has a reserve).
  const lines = (await transactionsOf(t, seller)).map((r) => [r.type, r.kind, r.amount, r.reference]).reverse();
  assert.equal(lines, [
    ['credit', 'seller_proceeds', '200.00', a.id], ['debit', 'fee', '-10.00', a.id], ['debit', 'fee', '-5.00', a.id], ['debit', 'fee', '-5.00', a.id],
    ['credit', 'seller_proceeds', '100.00', b.id], ['debit', 'fee', '-5.00', b.id], ['debit', 'fee', '-5.00', b.id],
  ]);
  assert.is((await walletOf(t, seller)).balance, '270.00');

  const again = await staffPost(t, staff, `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'BACS 20391' });
  assert.equal([again.statusCode, again.json().detail], [400, 'This order is already paid.']);
  assert.is((await eventsOf(t, 'OrderPaid')).filter((e) => e.data.order_id === order.order_id).length, 1);

  const history = await getJson(t, buyer, '/api/orders_history/');
  assert.is(history.results[0].status, 'paid');
});

test('in store storage for 3 months: store info; once paid the lots are stored from their free 45 days plus 90', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 5_000 }]);
  const res = await createOrder(t, buyer, 'storage', draft('IN_STORE', { storage_type: 'months', storage_months: 3 }));
  assert.is(res.statusCode, 201, res.body);
  const order = res.json();
  // 50.00 + 6.25 premium + 1.25 VAT on it + 9.00 storage (3 months x £3).
  assert.equal([order.amount_due, order.payment_method, order.bank_details], ['66.50', 'IN_STORE', undefined]);
  assert.equal(Object.keys(order.store_info).sort(), ['email', 'jw_address', 'jw_contact_phone', 'jw_working_hours']);

  const paid = await staffPost(t, staff, `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'Till 4' });
  assert.is(paid.statusCode, 200, paid.body);
  const [extended] = (await eventsOf(t, 'LotStorageExtended')).filter((e) => e.data.order_id === order.order_id);
  const lotRow = await t.ctx.db.selectFrom('lots').select('ends_at').where('id', '=', lot.id).executeTakeFirstOrThrow();
  assert.is(extended.data.expires_at, new Date(lotRow.ends_at.getTime() + 135 * 86_400_000).toISOString());
  const stored = await getJson(t, buyer, '/api/checkout/items_from_storage/?page_size=9999');
  assert.equal(stored.results.map((r: { lot: { id: string } }) => r.lot.id), [lot.id]);

  const moved = await staffPost(t, staff, `/api/staff/orders/${order.order_id}/status/`, { status: 'stored' });
  assert.equal([moved.statusCode, moved.json().status, moved.json().next_statuses], [200, 'stored', []]);
  const back = await staffPost(t, staff, `/api/staff/orders/${order.order_id}/status/`, { status: 'paid' });
  assert.equal([back.statusCode, back.json().detail], [400, 'An order cannot move from stored to paid.']);
});

test('delivery with a stored lot: the stored lot joins the order and leaves storage when paid', async () => {
  const buyer = await createTestUser(t);
  const [first] = await wonLots(t, staff, buyer, seller, [{ hammer: 3_000 }]);
  const storing = (await createOrder(t, buyer, 'storage', draft('UK_BANK'))).json();
  await staffPost(t, staff, `/api/staff/orders/${storing.order_id}/payment_received/`, { reference: 'B1' });
  const [second] = await wonLots(t, staff, buyer, seller, [{ hammer: 4_000 }]);
  const stranger = await createTestUser(t);
  const notTheirs = await createOrder(t, stranger, 'delivery', draft('INT_BANK', { lots_from_storage: [first.id] }));
  assert.equal([notTheirs.statusCode, notTheirs.json()], [400, { lots_from_storage: ['Some of these lots are not in your storage.'] }],
    'another user\'s stored lot');
  assert.is((await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === stranger.id).length, 0);

  const res = await createOrder(t, buyer, 'delivery', draft('INT_BANK', { lots_from_storage: [first.id] }));
  assert.is(res.statusCode, 201, res.body);
  const order = res.json();
  // 40.00 + 5.00 + 1.00 goods; DPD 12.50 + 2.50 for two bottles; insurance 3% of 45.00.
  assert.is(order.amount_due, '62.35');
  const other = await createOrder(t, buyer, 'delivery', draft('INT_BANK', { lots_from_storage: [first.id] }));
  assert.equal([other.statusCode, other.json()], [400, { lots_from_storage: ['Some of these lots are not in your storage.'] }],
    'a stored lot held by an order awaiting payment cannot join another');
  await staffPost(t, staff, `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'SWIFT 7' });
  const left = (await eventsOf(t, 'LotLeftStorage')).filter((e) => e.data.order_id === order.order_id);
  assert.equal(left.map((e) => e.data.lot_id), [first.id]);
  assert.is((await eventsOf(t, 'LotPaid')).filter((e) => e.data.lot_id === second.id).length, 1);
  const stored = await getJson(t, buyer, '/api/checkout/items_from_storage/?page_size=9999');
  assert.equal(stored.results, []);
});

test.run();
