/**
 * The read side against the real write side: an order placed through create_order and paid by staff shows in the
 * history and the invoice as check_costs priced it; a voucher staff issue is listed and accepted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, pdfText } from '../wallet/testing';
import { wonLot, type WonLot } from './testing';

let t: TestApp;
let buyer: TestUser;
let staff: TestUser;
let lots: WonLot[];

const billing = {
  country: 'united-kingdom', region: 'Edinburgh, City of', city: 'Edinburgh', street: '12 Royal Mile', apartment: 'Flat 3',
  zip_code: 'EH1 1AA', name: 'Isla Grant', company: '', phone_number: '07400 123456',
};
const draft = (extra: Record<string, unknown> = {}) => ({
  lots_from_storage: [], insurance: true, discount_code: '', used_from_wallet: '0.00', note_from_customer: 'Thank you',
  personal_information: { first_name: 'Isla', last_name: 'Grant', phone_number: '07400 123456', additional_phone_number: '', email: 'isla@grant.test' },
  billing_address: billing, shipping_address: null, payment_method: { method: 'UK_BANK', details: {} },
  storage_months: 0, storage_days: 45, storage_type: 'days', ...extra,
});

test.before(async () => {
  t = await startTestApp();
  [buyer, staff] = [await createTestUser(t), await createTestUser(t, { staff: true })];
  lots = [await wonLot(t, buyer.id, { hammerPence: 12_000, vatEnabled: true, title: 'Springbank 21' }), await wonLot(t, buyer.id, { hammerPence: 7_500, title: 'Hazelburn 10' })];
});

test.after(async () => {
  await t.close();
});

test('create_order for collection by bank: won_items empties, the history and the invoice follow the order to paid', async () => {
  await call(t, 'POST', '/api/staff/vouchers/', { code: 'SPRING5', kind: 'fixed', value: '5.00', expires_at: '', max_uses: 3, once_per_user: true }, { user: staff, key: 'v-1' });
  const vouchers = (await call(t, 'GET', '/api/staff/vouchers/', undefined, { user: staff })).json();
  assert.equal(vouchers.results.map((v: { code: string; value: string; uses: number }) => [v.code, v.value, v.uses]), [['SPRING5', '5.00', 0]]);

  const priced = await call(t, 'POST', '/api/checkout/collection/check_costs/', draft({ discount_code: 'spring5' }), { user: buyer });
  assert.is(priced.statusCode, 200, priced.body);
  const expected = priced.json();
  assert.is(expected.voucher_discount_amount, '5.00');
  const placed = await call(t, 'POST', '/api/checkout/collection/create_order/', { ...draft({ discount_code: 'spring5' }), callback: '/checkout-success?flow_type=checkout', strong_customer_authentication_data: {} }, { user: buyer, key: 'order-1' });
  assert.is(placed.statusCode, 201, placed.body);
  const order = placed.json();
  assert.is(order.amount_due, expected.credit_debit_card, 'create_order priced the draft as check_costs did');
  await t.ctx.projections.settle();

  assert.is((await call(t, 'GET', '/api/checkout/won_items/', undefined, { user: buyer })).json().count, 0);
  assert.equal((await call(t, 'GET', '/api/unpaid_lots_to_notify/', undefined, { user: buyer })).json().count, 0);
  const history = (await call(t, 'GET', '/api/orders_history/', undefined, { user: buyer })).json();
  assert.is(history.count, 1);
  const row = history.results[0];
  assert.equal([row.id, row.reference_no, row.status, row.amount_due], [order.order_id, order.order_number, 'awaiting_payment', expected.credit_debit_card]);
  assert.is(row.summary.total, expected.credit_debit_card);
  assert.is(row.summary.voucher_discount_amount, '5.00');
  assert.equal(row.lots.map((l: { title: string }) => l.title).sort(), ['Hazelburn 10', 'Springbank 21']);
  assert.is((await call(t, 'GET', '/api/staff/vouchers/', undefined, { user: staff })).json().results[0].uses, 1);
  assert.equal((await call(t, 'POST', '/api/checkout/check_discount_code/', { discount_code: 'SPRING5' }, { user: buyer })).json(),
    { discount_code: ['You have already used this voucher code.'] });

  const staffList = (await call(t, 'GET', '/api/staff/orders/?status=awaiting_payment', undefined, { user: staff })).json();
  assert.equal(staffList.results.map((o: { id: string }) => o.id), [order.order_id]);
  const received = await call(t, 'POST', `/api/staff/orders/${order.order_id}/payment_received/`, { reference: 'HSBC-778' }, { user: staff, key: 'pay-1' });
  assert.ok(received.statusCode < 300, received.body);
  await t.ctx.projections.settle();
  const paid = (await call(t, 'GET', '/api/orders_history/', undefined, { user: buyer })).json().results[0];
  assert.equal([paid.status, paid.amount_due], ['paid', '0.00']);
  const moving = (await call(t, 'GET', '/api/staff/orders/?status=paid', undefined, { user: staff })).json().results[0];
  assert.equal([moving.id, moving.next_statuses], [order.order_id, ['processing', 'ready_for_collection', 'collected']], 'a paid collection order moves forward only');
  const text = pdfText((await call(t, 'GET', `/api/orders/${order.order_id}/get_pdf/`, undefined, { user: buyer })).json().file).replace(/\s+/g, ' ');
  for (const expectedText of [`Invoice ${order.order_number}`, `Invoice total £${row.summary.total}`, 'Springbank 21', 'Hazelburn 10', 'reference HSBC-778', 'Isla Grant']) {
    assert.ok(text.includes(expectedText), `PDF lacks "${expectedText}":\n${text}`);
  }
  const lotRow = await t.ctx.db.selectFrom('lot_purchases').selectAll().where('lot_id', '=', lots[0].lotId).executeTakeFirstOrThrow();
  assert.equal([lotRow.state, lotRow.paid_order_id, lotRow.pending_order_id, lotRow.buyer_id], ['paid', order.order_id, null, buyer.id]);
});

test.run();
