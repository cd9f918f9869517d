/**
 * Orders on the read side: the history, the invoice PDF read back as text, the staff lists, and the read models
 * (orders, lot_purchases, vouchers) idempotent and rebuilt equal to the live tables.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, pdfText } from '../wallet/testing';
import { wholeFeed } from '../testing/feed';
import { applyEvents } from '../../projections/runner';
import { rebuildAndCompare, tableHash } from '../../projections/rebuild';
import { orderProjections } from '../../projections/orders/index';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { appendLotPurchase, appendOrderEvents, appendVoucher, issueVoucher, placeOrder, wonLot, type PlacedOrder, type WonLot } from './testing';

let t: TestApp;
let ada: TestUser;
let ben: TestUser;
let staff: TestUser;
let vatLot: WonLot;
let plainLot: WonLot;
let shipped: PlacedOrder;
let bank: PlacedOrder;
let bankLot: WonLot;

test.before(async () => {
  t = await startTestApp();
  [ada, ben, staff] = [await createTestUser(t, { firstName: 'Ada', lastName: 'Lovelace' }), await createTestUser(t), await createTestUser(t, { staff: true })];
  vatLot = await wonLot(t, ada.id, { hammerPence: 10_000, vatEnabled: true, title: 'Port Ellen 1979' });
  plainLot = await wonLot(t, ada.id, { hammerPence: 20_000, vatEnabled: false, title: 'Brora 30' });
  await issueVoucher(t, 'WELCOME', { value: 2_000, max_uses: 10 });
  shipped = await placeOrder(t, ada.id, [vatLot, plainLot], { service: 'delivery', method: 'CARD', paid: true, voucher: { code: 'WELCOME', kind: 'fixed', value: 2_000 } });
  t.clock.advance(60_000);
  bankLot = await wonLot(t, ada.id, { hammerPence: 5_000, title: 'Lagavulin 16' });
  bank = await placeOrder(t, ada.id, [bankLot], { service: 'collection', method: 'UK_BANK' });
});

test.after(async () => {
  await t.close();
});

test('orders_history: own orders newest first, with lots, costs and the summary', async () => {
  const res = await call(t, 'GET', '/api/orders_history/?page=1&page_size=10', undefined, { user: ada });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.count, 2);
  assert.is(body.count_page, 1);
  assert.equal(body.results.map((o: { id: string }) => o.id), [bank.orderId, shipped.orderId]);
  const order = body.results[1];
  for (const key of ['id', 'created_at', 'status', 'reference_no', 'create_pdf', 'download_link', 'lots', 'costs', 'summary']) assert.ok(key in order, key);
  assert.is(order.reference_no, shipped.orderNumber);
  assert.is(order.status, 'paid');
  assert.is(order.create_pdf, `/api/orders_history/${shipped.orderId}/create_pdf/`);
  assert.is(order.download_link, `/api/orders/${shipped.orderId}/get_pdf/`);
  const port = order.lots.find((l: { lot_id: string }) => l.lot_id === vatLot.lotId);
  assert.equal({ title: port.title, subtitle: port.subtitle, total: port.total, item_image: port.item_image },
    { title: 'Port Ellen 1979', subtitle: '70cl, 43%', total: '135.00', item_image: `https://img.test/${vatLot.lotId}.jpg` }, '100 + 12.50 + 2.50 + 20 VAT');
  assert.is(order.lots.find((l: { lot_id: string }) => l.lot_id === plainLot.lotId).total, '230.00');
  // delivery by card, DHL, insured: 415.13 total - 20.00 voucher = 395.13; 3% = 11.85; paid 406.98
  assert.equal(order.summary, { total: '406.98', product_total: '300.00', buyers_premium: '37.50', shipping_amount: '40.00', insurance_amount: '10.13', voucher_discount_amount: '20.00' });
  assert.is(order.costs.credit_debit_card, '406.98');
  assert.is(order.costs.items_count, 2);
  assert.is(body.amount, '464.48', '406.98 + 57.50 (50 + 6.25 premium + 1.25 VAT on it)');
  assert.is(body.results[0].amount_due, '57.50');
  assert.is(order.amount_due, '0.00');

  const paged = (await call(t, 'GET', '/api/orders_history/?page=2&page_size=1', undefined, { user: ada })).json();
  assert.equal({ count: paged.count, count_page: paged.count_page, ids: paged.results.map((o: { id: string }) => o.id) }, { count: 2, count_page: 2, ids: [shipped.orderId] });
  assert.equal((await call(t, 'GET', '/api/orders_history/', undefined, { user: ben })).json(), { count: 0, amount: '0.00', count_page: 1, results: [] });
  assert.is((await call(t, 'GET', '/api/orders_history/', undefined, {})).statusCode, 401);
});

test('the invoice PDF: own orders only; the text holds the house, order number, lots, VAT treatment and totals', async () => {
  const res = await call(t, 'GET', `/api/orders/${shipped.orderId}/get_pdf/`, undefined, { user: ada });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.mime_type, 'application/pdf');
  assert.is(body.filename, `invoice-${shipped.orderNumber}.pdf`);
  const text = pdfText(body.file).replace(/\s+/g, ' ');
  for (const expected of [
    HOUSE_NAME, 'VAT registration number', `Invoice ${shipped.orderNumber}`, 'Ada Buyer', 'Shipping to:', 'Lyon', 'France',
    `Lot ${vatLot.referenceNo}: Port Ellen 1979`, `Lot ${plainLot.referenceNo}: Brora 30`, 'Hammer price (VAT lot) £100.00',
    'Hammer price (margin scheme) £200.00', 'VAT on hammer price (20%) £20.00', 'Lot total £135.00', 'Lot total £230.00',
    'Shipping by DHL £40.00', 'Carrier: DHL', 'Voucher WELCOME -£20.00', 'Card surcharge (3%) £11.85', 'Invoice total £406.98', 'VAT included in the invoice total £27.50',
    'Paid on', 'by card', 'margin scheme for second-hand goods', "VAT at 20% is charged on the buyer's premium",
  ]) assert.ok(text.includes(expected), `PDF text lacks "${expected}":\n${text}`);
  const again = (await call(t, 'GET', `/api/orders_history/${shipped.orderId}/create_pdf/`, undefined, { user: ada })).json();
  assert.is(again.file, body.file, 'the same document from both paths');

  const unpaid = pdfText((await call(t, 'GET', `/api/orders/${bank.orderId}/get_pdf/`, undefined, { user: ada })).json().file).replace(/\s+/g, ' ');
  assert.ok(unpaid.includes('Awaiting payment: £57.50 due by UK bank transfer'), unpaid);
  assert.not.ok(unpaid.includes('Lots marked VAT'), 'no VAT lot, no VAT-lot note');

  for (const url of [`/api/orders/${shipped.orderId}/get_pdf/`, `/api/orders_history/${shipped.orderId}/create_pdf/`, `/api/orders/${randomUUID()}/get_pdf/`, '/api/orders/not-an-id/get_pdf/']) {
    assert.is((await call(t, 'GET', url, undefined, { user: ben })).statusCode, 404, url);
  }
  assert.is((await call(t, 'GET', `/api/orders/${shipped.orderId}/get_pdf/`, undefined, { user: staff })).statusCode, 404, 'staff use the staff screens');
});

test('status changes, cancellation and released lots reach the read models', async () => {
  await appendOrderEvents(t, shipped.orderId, [{ type: 'OrderStatusChanged', data: { order_id: shipped.orderId, from: 'paid', to: 'processing', by: staff.id, at: t.clock.now().toISOString() } }]);
  await appendOrderEvents(t, bank.orderId, [{ type: 'OrderCancelled', data: { order_id: bank.orderId, reason: 'not_paid', by: staff.id, at: t.clock.now().toISOString() } }]);
  await appendLotPurchase(t, bankLot.lotId, [{ type: 'LotReservationReleased', data: { lot_id: bankLot.lotId, order_id: bank.orderId, at: t.clock.now().toISOString() } }]);
  const history = (await call(t, 'GET', '/api/orders_history/', undefined, { user: ada })).json();
  assert.equal(history.results.map((o: { status: string; amount_due: string }) => [o.status, o.amount_due]), [['cancelled', '0.00'], ['processing', '0.00']]);
  const won = (await call(t, 'GET', '/api/checkout/won_items/', undefined, { user: ada })).json();
  assert.equal(won.results.map((r: { lot: { id: string } }) => r.lot.id), [bankLot.lotId], 'a released lot can be ordered again');
  const row = await t.ctx.db.selectFrom('lot_purchases').selectAll().where('lot_id', '=', vatLot.lotId).executeTakeFirstOrThrow();
  assert.equal({ state: row.state, order: row.order_id, paid: row.paid_order_id, pending: row.pending_order_id }, { state: 'paid', order: shipped.orderId, paid: shipped.orderId, pending: null });
});

test('staff: orders by status and search, vouchers with their uses', async () => {
  const list = async (query: string, user: TestUser = staff) => call(t, 'GET', `/api/staff/orders/${query}`, undefined, { user });
  assert.is((await list('', ada)).statusCode, 403);
  const all = (await list('')).json();
  assert.is(all.count, 2);
  assert.equal(all.results[0].user.email, ada.email);
  assert.equal((await list('?status=cancelled')).json().results.map((o: { id: string }) => o.id), [bank.orderId]);
  assert.equal((await list(`?search=${shipped.orderNumber.slice(-6)}`)).json().results.map((o: { id: string }) => o.id), [shipped.orderId]);
  assert.is((await list(`?search=${encodeURIComponent(ada.email.toUpperCase())}`)).json().count, 2);
  assert.is((await list('?search=Lagavulin')).json().count, 1);
  assert.is((await list('?search=nobody-at-all')).json().count, 0);
  assert.ok((await list('?status=lost')).json().status);

  await issueVoucher(t, 'PCT15', { kind: 'percent', value: 1500, once_per_user: true, expires_at: '2027-01-31T23:59:59.000Z' });
  const orderId = randomUUID();
  await appendVoucher(t, 'PCT15', [
    { type: 'VoucherRedeemed', data: { code: 'PCT15', user_id: ben.id, order_id: orderId, discount_pence: 900, at: t.clock.now().toISOString() } },
    { type: 'VoucherRedemptionReversed', data: { code: 'PCT15', user_id: ben.id, order_id: orderId, at: t.clock.now().toISOString() } },
  ]);
  await t.ctx.projections.settle();
  assert.is((await call(t, 'GET', '/api/staff/vouchers/', undefined, { user: ada })).statusCode, 403);
  const vouchers = (await call(t, 'GET', '/api/staff/vouchers/', undefined, { user: staff })).json();
  const byCode = Object.fromEntries(vouchers.results.map((v: { code: string }) => [v.code, v]));
  assert.equal(
    { kind: byCode.PCT15.kind, value: byCode.PCT15.value, uses: byCode.PCT15.uses, once: byCode.PCT15.once_per_user, expires: byCode.PCT15.expires_at },
    { kind: 'percent', value: '15.00', uses: 0, once: true, expires: '2027-01-31T23:59:59.000Z' }, 'a reversed use is given back',
  );
  assert.equal({ value: byCode.WELCOME.value, uses: byCode.WELCOME.uses, left: byCode.WELCOME.uses_left }, { value: '20.00', uses: 1, left: 9 });
  assert.is((await call(t, 'POST', '/api/checkout/check_discount_code/', { discount_code: 'pct15' }, { user: ben })).statusCode, 200, 'usable again after the reversal');
});

test('a stored lot held by a later unpaid order stays paid, leaves the storage list, and comes back when released', async () => {
  const lot = await wonLot(t, ben.id, { hammerPence: 4_000, title: 'Caol Ila 12' });
  const until = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
  const first = await placeOrder(t, ben.id, [lot], { service: 'storage', paid: true, storedUntil: until });
  const storedIds = async () => (await call(t, 'GET', '/api/checkout/items_from_storage/', undefined, { user: ben })).json().results.map((r: { lot: { id: string } }) => r.lot.id);
  const row = () => t.ctx.db.selectFrom('lot_purchases').select(['state', 'order_id', 'paid_order_id', 'pending_order_id', 'in_storage']).where('lot_id', '=', lot.lotId).executeTakeFirstOrThrow();
  assert.equal(await storedIds(), [lot.lotId]);
  const now = t.clock.now().toISOString();
  const second = randomUUID();
  await appendLotPurchase(t, lot.lotId, [{ type: 'LotReserved', data: { lot_id: lot.lotId, order_id: second, buyer_id: ben.id, at: now } }]);
  assert.equal(await row(), { state: 'paid', order_id: first.orderId, paid_order_id: first.orderId, pending_order_id: second, in_storage: true });
  assert.equal(await storedIds(), [], 'held by the unpaid order');
  assert.is((await call(t, 'GET', '/api/checkout/won_items/', undefined, { user: ben })).json().count, 0);
  await appendLotPurchase(t, lot.lotId, [{ type: 'LotReservationReleased', data: { lot_id: lot.lotId, order_id: second, at: now } }]);
  assert.equal(await row(), { state: 'paid', order_id: first.orderId, paid_order_id: first.orderId, pending_order_id: null, in_storage: true });
  assert.equal(await storedIds(), [lot.lotId]);
  const third = randomUUID();
  await appendLotPurchase(t, lot.lotId, [
    { type: 'LotReserved', data: { lot_id: lot.lotId, order_id: third, buyer_id: ben.id, at: now } },
    { type: 'LotLeftStorage', data: { lot_id: lot.lotId, order_id: third, at: now } },
  ]);
  assert.equal(await row(), { state: 'paid', order_id: first.orderId, paid_order_id: first.orderId, pending_order_id: null, in_storage: false });
  assert.equal(await storedIds(), [], 'shipped');
});

test('the read models: applying every event again changes nothing; a rebuild equals the live tables', async () => {
  await t.ctx.projections.settle();
  const tables = orderProjections.flatMap((p) => p.tables);
  const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await tableHash(t.ctx.db, 'public', table)] as const)));
  for (const table of tables) assert.ok(before[table].rows > 0, `${table} is empty`);
  const events = await wholeFeed(t.ctx.store);
  for (const projection of orderProjections) await t.ctx.db.transaction().execute((trx) => applyEvents(trx, projection, events));
  for (const table of tables) assert.equal(await tableHash(t.ctx.db, 'public', table), before[table], table);
  for (const projection of orderProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    for (const table of report.tables) assert.ok(table.equal, `${projection.name}.${table.table} rebuilt differs`);
  }
});

test('orders_history by status: the orders awaiting payment however many newer ones follow them; an unknown status is 400', async () => {
  // Cid's bank order waits for its transfer while he places a dozen paid orders after it.
  const cid = await createTestUser(t);
  const waiting = await placeOrder(t, cid.id, [await wonLot(t, cid.id, { hammerPence: 4_000 })], { service: 'collection', method: 'UK_BANK' });
  for (let i = 0; i < 12; i++) {
    t.clock.advance(60_000);
    await placeOrder(t, cid.id, [await wonLot(t, cid.id, { hammerPence: 1_000 })], { service: 'collection', method: 'CARD', paid: true });
  }
  const history = async (query: string) => (await call(t, 'GET', `/api/orders_history/${query}`, undefined, { user: cid })).json();
  const newest = await history('?page=1&page_size=10');
  assert.not.ok(newest.results.some((o: { id: string }) => o.id === waiting.orderId), 'past the newest ten');
  const held = await history('?status=awaiting_payment');
  assert.equal([held.count, held.count_page, held.results.map((o: { id: string; status: string }) => [o.id, o.status])],
    [1, 1, [[waiting.orderId, 'awaiting_payment']]]);
  const paid = await history('?status=paid&page_size=5');
  assert.equal([paid.count, paid.count_page, paid.results.length], [12, 3, 5]);
  assert.ok(paid.results.every((o: { status: string }) => o.status === 'paid'));
  assert.is((await history('?status=')).count, 13, 'an empty status is no filter');
  assert.is((await call(t, 'GET', '/api/orders_history/?status=awaiting_payment', undefined, { user: ben })).json().count, 0, 'own orders only');
  const unknown = await call(t, 'GET', '/api/orders_history/?status=unpaid', undefined, { user: cid });
  assert.equal([unknown.statusCode, unknown.json()], [400, { status: ['Choose one of the order statuses.'] }]);
});

test.run();
