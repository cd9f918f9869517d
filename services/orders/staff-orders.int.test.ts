import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createOrder, draft, eventsOf, fundWallet, getJson, staffPost, startOrderApp, transactionsOf, walletOf, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;
let customer: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
  customer = await createTestUser(t);
});

test.after(async () => {
  await t.close();
});

const order = (id: string, action: string) => `/api/staff/orders/${id}/${action}/`;

test('only staff: 401 without a user, 403 for a customer; unknown orders 404', async () => {
  const id = '6f1c2a52-4c1e-4d43-9a55-0b3c2f3e9d10';
  for (const [url, body] of [[order(id, 'payment_received'), { reference: 'x' }], [order(id, 'status'), { status: 'shipped' }],
    [order(id, 'cancel'), { reason: 'x' }], ['/api/staff/vouchers/', { code: 'ABC', kind: 'fixed', value: '5' }]] as const) {
    assert.is((await t.app.inject({ method: 'POST', url, payload: body })).statusCode, 401, url);
    assert.is((await staffPost(t, customer, url, body)).statusCode, 403, url);
  }
  const unknown = await staffPost(t, staff, order(id, 'payment_received'), { reference: 'x' });
  assert.equal([unknown.statusCode, unknown.json()], [404, { detail: 'Order not found.' }]);
  assert.is((await staffPost(t, staff, order('42', 'status'), { status: 'shipped' })).statusCode, 404);
  const blank = await staffPost(t, staff, order(id, 'payment_received'), { reference: ' ' });
  assert.equal([blank.statusCode, blank.json()], [400, { reference: ['This field is required'] }]);
});

test('staff cancel an unpaid order: lots released, wallet use refunded, voucher use given back; a paid one cannot be', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 4_000 }]);
  await staffPost(t, staff, '/api/staff/vouchers/', { code: 'ONCE5', kind: 'fixed', value: '5.00' });
  await fundWallet(t, buyer, 1_000);
  const placed = (await createOrder(t, buyer, 'collection', draft('UK_BANK', { used_from_wallet: '10.00', discount_code: 'once5' }))).json();
  assert.is(placed.amount_due, '31.00');
  const noReason = await staffPost(t, staff, order(placed.order_id, 'cancel'), {});
  assert.equal([noReason.statusCode, noReason.json()], [400, { reason: ['This field is required'] }]);

  const res = await staffPost(t, staff, order(placed.order_id, 'cancel'), { reason: 'Not paid within 7 days' });
  assert.equal([res.statusCode, res.json().status, res.json().amount_due], [200, 'cancelled', '0.00']);
  assert.equal(await wonItemIds(t, buyer), [lot.id]);
  assert.is((await walletOf(t, buyer)).balance, '10.00');
  assert.is((await eventsOf(t, 'VoucherRedemptionReversed')).filter((e) => e.data.order_id === placed.order_id).length, 1);
  const again = await staffPost(t, staff, order(placed.order_id, 'cancel'), { reason: 'twice' });
  assert.equal([again.statusCode, again.json().status], [200, 'cancelled']);
  assert.is((await eventsOf(t, 'OrderCancelled')).filter((e) => e.data.order_id === placed.order_id).length, 1);
  const pay = await staffPost(t, staff, order(placed.order_id, 'payment_received'), { reference: 'late' });
  assert.equal([pay.statusCode, pay.json().detail], [400, 'This order has been cancelled.']);

  const second = (await createOrder(t, buyer, 'collection', draft('UK_BANK', { discount_code: 'ONCE5' }))).json();
  assert.is(second.amount_due, '41.00', 'the voucher works again');
  const key = randomUUID();
  const paid = await staffPost(t, staff, order(second.order_id, 'payment_received'), { reference: 'BACS 9' }, key);
  assert.is(paid.statusCode, 200, paid.body);
  const sellerBalance = (await walletOf(t, seller)).balance;
  const replay = await staffPost(t, staff, order(second.order_id, 'payment_received'), { reference: 'BACS 9' }, key);
  assert.equal([replay.statusCode, replay.json()], [200, paid.json()], 'a retry with the same key replays the answer');
  assert.is((await eventsOf(t, 'OrderPaid')).filter((e) => e.data.order_id === second.order_id).length, 1);
  assert.is((await walletOf(t, seller)).balance, sellerBalance, 'the seller is settled once');
  const paidCancel = await staffPost(t, staff, order(second.order_id, 'cancel'), { reason: 'x' });
  assert.equal([paidCancel.statusCode, paidCancel.json().detail], [400, 'A paid order cannot be cancelled.']);
});

test('status moves forward along the service path only', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 2_000 }]);
  const placed = (await createOrder(t, buyer, 'delivery', draft('UK_BANK'))).json();
  const early = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'processing' });
  assert.equal([early.statusCode, early.json().detail], [400, 'This order is not paid yet.']);
  const bad = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'lost' });
  assert.equal([bad.statusCode, bad.json()], [400, { status: ['Choose one of the order statuses.'] }]);
  await staffPost(t, staff, order(placed.order_id, 'payment_received'), { reference: 'BACS 3' });
  const collect = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'ready_for_collection' });
  assert.equal([collect.statusCode, collect.json().detail], [400, 'An order cannot move from paid to ready for collection.']);
  const processing = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'processing' });
  assert.equal([processing.json().status, processing.json().next_statuses], ['processing', ['shipped']]);
  const shipped = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'shipped' });
  assert.is(shipped.json().status, 'shipped');
  const back = await staffPost(t, staff, order(placed.order_id, 'status'), { status: 'processing' });
  assert.equal([back.statusCode, back.json().detail], [400, 'An order cannot move from shipped to processing.']);
  assert.equal((await eventsOf(t, 'OrderStatusChanged')).filter((e) => e.data.order_id === placed.order_id).map((e) => e.data.to), ['processing', 'shipped']);
  const history = await getJson(t, buyer, '/api/orders_history/');
  assert.is(history.results[0].status, 'shipped');
});

test('vouchers: issued once (codes case-insensitive), with the field rules; percent, limited uses and expiry apply at checkout', async () => {
  const res = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'tenoff', kind: 'percent', value: '10', expires_at: null, max_uses: 1, once_per_user: false });
  assert.is(res.statusCode, 201, res.body);
  assert.equal(res.json(), {
    code: 'TENOFF', kind: 'percent', value: '10.00', expires_at: null, max_uses: 1, once_per_user: false, uses: 0, uses_left: 1,
    issued_by: staff.id, created_at: t.clock.now().toISOString(),
  });
  const dup = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'TenOff', kind: 'fixed', value: '5' });
  assert.equal([dup.statusCode, dup.json()], [409, { detail: 'This voucher code already exists.' }]);
  const bad = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'ab', kind: 'percent', value: '120', expires_at: '2020-01-01', max_uses: 0 });
  assert.equal([bad.statusCode, bad.json()], [400, {
    code: ['Code characters limit - min 3 symbols'], value: ['Enter a percentage between 0.01 and 100.'],
    expires_at: ['The expiry must be in the future.'], max_uses: ['Enter a whole number of 1 or more.'],
  }]);
  // Bounded, so the read model can hold what the event says: 3,000,000,000 uses once stopped the orders read model.
  for (const [body, field, message] of [
    [{ max_uses: 3_000_000_000 }, 'max_uses', 'Enter a whole number of at most 1,000,000.'],
    [{ max_uses: 1e20 }, 'max_uses', 'Enter a whole number of at most 1,000,000.'],
    [{ value: '30000000.00' }, 'value', 'Enter an amount of at most £10,000,000.00.'],
  ] as const) {
    const big = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'HUGE', kind: 'fixed', value: '5', ...body });
    assert.equal([big.statusCode, big.json()], [400, { [field]: [message] }]);
  }
  await t.ctx.projections.settle(15_000);
  const kind = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'ABC', kind: 'gift', value: '5' });
  assert.equal(kind.json(), { kind: ['Choose fixed or percent.'] });
  const listed = await getJson(t, staff, '/api/staff/vouchers/');
  assert.ok(listed.results.some((v: { code: string }) => v.code === 'TENOFF'));

  const first = await createTestUser(t);
  await wonLots(t, staff, first, seller, [{ hammer: 10_000 }]);
  const used = (await createOrder(t, first, 'collection', draft('UK_BANK', { discount_code: 'tenoff' }))).json();
  assert.is(used.amount_due, '103.50', '115.00 less 10%');
  const second = await createTestUser(t);
  await wonLots(t, staff, second, seller, [{ hammer: 10_000 }]);
  const usedUp = await createOrder(t, second, 'collection', draft('UK_BANK', { discount_code: 'TENOFF' }));
  assert.equal([usedUp.statusCode, usedUp.json()], [400, { discount_code: ['This voucher code is not valid.'] }]);

  const soon = new Date(t.clock.now().getTime() + 5 * 60_000).toISOString();
  await staffPost(t, staff, '/api/staff/vouchers/', { code: 'SOON', kind: 'fixed', value: '1.00', expires_at: soon });
  t.clock.advance(6 * 60_000);
  const expired = await createOrder(t, second, 'collection', draft('UK_BANK', { discount_code: 'soon' }));
  assert.equal([expired.statusCode, expired.json()], [400, { discount_code: ['This voucher code has expired.'] }]);
});

test('a seller whose fees exceed the hammer: the fee lines stop at the hammer, the wallet never goes below zero', async () => {
  const buyer = await createTestUser(t);
  const lowSeller = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, lowSeller, [{ hammer: 1_000, reserve: true }]);
  const placed = (await createOrder(t, buyer, 'collection', draft('UK_BANK'))).json();
  const paid = await staffPost(t, staff, order(placed.order_id, 'payment_received'), { reference: 'BACS 5' });
  assert.is(paid.statusCode, 200, paid.body);
  const lines = (await transactionsOf(t, lowSeller)).map((r) => [r.kind, r.amount, r.reference]).reverse();
  assert.equal(lines, [['seller_proceeds', '10.00', lot.id], ['fee', '-0.50', lot.id], ['fee', '-5.00', lot.id], ['fee', '-4.50', lot.id]]);
  assert.is((await walletOf(t, lowSeller)).balance, '0.00');
  const res = await t.app.inject({ method: 'GET', url: '/api/user_wallet/', headers: bearer(lowSeller) });
  assert.is(res.json().balance_incl_pending, '0.00');
});

test.run();
