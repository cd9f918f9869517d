/**
 * The checkout page's read side through the API: won and stored lots, storage periods, vouchers, and check_costs
 * for each service with the figures of the product rules (a VAT and a non-VAT lot, delivery to France by DHL).
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call } from '../wallet/testing';
import { PARIS } from '../addresses/testing';
import { runWalletCommand } from '../wallet/wallet-commands';
import { DAY, issueVoucher, placeOrder, wonLot, appendVoucher, type WonLot } from './testing';

let t: TestApp;
let ada: TestUser;
let ben: TestUser;
let nolots: TestUser;
let vatLot: WonLot;
let plainLot: WonLot;

const france = { country: 'france', region: '', city: 'Lyon', street: '1 Rue de la Paix', apartment: '', zip_code: '69001' };
const uk = { country: 'united-kingdom', region: '', city: 'Edinburgh', street: '1 High Street', apartment: '', zip_code: 'EH1 1AA' };

function draft(extra: Record<string, unknown> = {}) {
  return {
    lots_from_storage: [], insurance: true, discount_code: '', used_from_wallet: '0.00', note_from_customer: '',
    personal_information: { first_name: 'Ada', last_name: 'Buyer', phone_number: '+447700900123', additional_phone_number: '', email: 'ada@buyer.test' },
    billing_address: uk, shipping_address: france, payment_method: { method: 'CARD', details: {} },
    storage_months: 0, storage_days: 45, storage_type: 'days', ...extra,
  };
}

const costs = (user: TestUser, service: string, body: unknown) => call(t, 'POST', `/api/checkout/${service}/check_costs/`, body, { user });

test.before(async () => {
  t = await startTestApp();
  [ada, ben, nolots] = [await createTestUser(t), await createTestUser(t), await createTestUser(t)];
  vatLot = await wonLot(t, ada.id, { hammerPence: 10_000, vatEnabled: true, title: 'Port Ellen 1979' });
  plainLot = await wonLot(t, ada.id, { hammerPence: 20_000, vatEnabled: false, title: 'Brora 30' });
  await wonLot(t, ben.id, { hammerPence: 5_000 });
  await wonLot(t, null, { hammerPence: 5_000 });
});

test.after(async () => {
  await t.close();
});

test('won_items lists the lots the caller won and has not paid, with price_paid and the 12.5% premium', async () => {
  const res = await call(t, 'GET', '/api/checkout/won_items/?page_size=9999', undefined, { user: ada });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.count, 2);
  const port = body.results.find((r: { lot: { id: string } }) => r.lot.id === vatLot.lotId);
  assert.equal(Object.keys(port.lot).sort(), ['auction_end_date', 'auction_id', 'id', 'photos', 'reference_no', 'slug', 'title', 'vat_enabled']);
  assert.is(port.price_paid, '100.00');
  assert.is(port.buyers_premium, '12.50');
  assert.is(port.lot.vat_enabled, true);
  assert.is(port.lot.title, 'Port Ellen 1979');
  assert.is(port.lot.photos[0].title, 'Port Ellen 1979');
  assert.is(port.lot.auction_end_date, vatLot.endedAt);
  assert.is((await call(t, 'GET', '/api/checkout/won_items/', undefined, {})).statusCode, 401);
});

test('check_costs delivery to France (DHL) by card: every line of the summary', async () => {
  const res = await costs(ada, 'delivery', draft());
  assert.is(res.statusCode, 200, res.body);
  assert.equal(res.json(), {
    items_count: 2, subtotal: '300.00', buyers_commission_amount: '37.50', vat_on_products_amount: '20.00',
    buyers_commission_vat_amount: '7.50', shipping_amount: '40.00', insurance_amount: '10.13', storage_amount: '0.00',
    delivery_storage_amount: '0.00', late_payment_fee_amount: '0.00', late_storage_fee_amount: '0.00', debt: '0.00',
    total: '415.13', voucher_discount_amount: '0.00', voucher_remainder_amount: '0.00', used_from_wallet: '0.00',
    credit_card_surcharge_amount: '12.45', credit_debit_card: '427.58', buyers_commission_percent: 12.5, insurance_percent: 3,
    late_payment_fee_percent: 5, credit_card_surcharge_percent: 3, vat_enabled: true, carrier: 'DHL',
  });
  const uninsured = (await costs(ada, 'delivery', draft({ insurance: false, payment_method: { method: 'UK_BANK', details: {} } }))).json();
  assert.is(uninsured.insurance_amount, '0.00');
  assert.is(uninsured.credit_card_surcharge_amount, '0.00');
  assert.is(uninsured.total, '405.00');
  const home = (await costs(ada, 'delivery', draft({ shipping_address: uk }))).json();
  assert.is(home.shipping_amount, '15.00', 'DPD: £12.50 + £2.50');
});

test('check_costs storage (3 months by bank) and collection (in store)', async () => {
  const storage = (await costs(ada, 'storage', draft({ storage_type: 'months', storage_months: 3, payment_method: { method: 'UK_BANK', details: {} } }))).json();
  assert.is(storage.storage_amount, '18.00', '2 lots x 3 months x £3');
  assert.is(storage.shipping_amount, '0.00');
  assert.is(storage.insurance_amount, '0.00');
  assert.is(storage.total, '383.00');
  assert.is(storage.credit_debit_card, '383.00');
  const free = (await costs(ada, 'storage', draft({ payment_method: { method: 'UK_BANK', details: {} } }))).json();
  assert.is(free.storage_amount, '0.00');
  const bad = await costs(ada, 'storage', draft({ storage_type: 'months', storage_months: 5 }));
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().storage_months);
  const collection = (await costs(ada, 'collection', draft({ payment_method: { method: 'IN_STORE', details: {} } }))).json();
  assert.is(collection.total, '365.00');
  assert.is(collection.credit_debit_card, '365.00');
  assert.is(collection.shipping_amount, '0.00');
});

test('a saved shipping address by id: its country prices the shipping; another user\'s id is not found', async () => {
  const saved = await call(t, 'POST', '/api/addresses/', { ...PARIS, user: ada.id }, { user: ada });
  assert.is(saved.statusCode, 201, saved.body);
  const id = saved.json().id;
  const priced = (await costs(ada, 'delivery', draft({ shipping_address: { id } }))).json();
  assert.is(priced.shipping_amount, '40.00', 'France: DHL for 2 bottles');
  assert.is(priced.total, '415.13');
  const theirs = await costs(ben, 'delivery', draft({ shipping_address: { id } }));
  assert.equal(theirs.json(), { 'shipping_address.id': ['Address not found.'] });
  const lotCosts = (await call(t, 'POST', `/api/get_lot_costs/${plainLot.lotId}/`, { bid: '200' }, { user: ada })).json();
  assert.equal([lotCosts.country, lotCosts.carrier], ['france', 'DHL'], 'the default shipping address when no country is sent');
});

test('a Non Deliverable Zone country, a missing shipping address, an unknown service, a long note', async () => {
  const cuba = await costs(ada, 'delivery', draft({ shipping_address: { ...france, country: 'cuba' } }));
  assert.is(cuba.statusCode, 400);
  assert.equal(cuba.json(), { detail: 'We do not ship to this country. Please select an alternative shipping address.' });
  const missing = await costs(ada, 'delivery', draft({ shipping_address: null }));
  assert.equal(missing.json(), { shipping_address: ['This field is required'] });
  assert.is((await costs(ada, 'express', draft())).statusCode, 404);
  const note = await costs(ada, 'collection', draft({ note_from_customer: 'x'.repeat(601) }));
  assert.equal(note.json(), { note_from_customer: ['Max 600 symbols'] });
  const none = await costs(nolots, 'collection', draft());
  assert.equal(none.json(), { detail: 'You have no won lots to pay for.' });
});

test('wallet use: at most the balance, positive amounts; wallet settle only with a negative balance', async () => {
  const now = t.clock.now().toISOString();
  await runWalletCommand(t.ctx, ada.id, { type: 'CreditWallet', user_id: ada.id, entry_id: randomUUID(), amount_pence: 5_000, kind: 'adjustment', description: 'Credit', reference: null, by: 'staff', reason: 'test', now });
  await t.ctx.projections.settle();
  const used = (await costs(ada, 'collection', draft({ used_from_wallet: '20.00', payment_method: { method: 'IN_STORE', details: {} } }))).json();
  assert.is(used.used_from_wallet, '20.00');
  assert.is(used.credit_debit_card, '345.00');
  assert.equal((await costs(ada, 'collection', draft({ used_from_wallet: '60.00' }))).json(), { used_from_wallet: ['Amount cannot exceed the balance'] });
  assert.equal((await costs(ada, 'collection', draft({ used_from_wallet: '-1' }))).json(), { used_from_wallet: ['Amount must be greater than 0'] });
  assert.equal((await costs(ada, 'wallet_settle', draft())).json(), { detail: 'Wallet settle is only possible while your wallet balance is negative.' });

  await runWalletCommand(t.ctx, nolots.id, { type: 'ChangeOverdraft', user_id: nolots.id, limit_pence: 10_000, by: 'staff', reason: 'test', now });
  await runWalletCommand(t.ctx, nolots.id, { type: 'DebitWallet', user_id: nolots.id, entry_id: randomUUID(), amount_pence: 3_000, kind: 'fee', description: 'Fee', reference: null, by: 'staff', reason: 'test', now });
  await t.ctx.projections.settle();
  const settle = (await costs(nolots, 'wallet_settle', draft({ payment_method: { method: 'CARD', details: {} } }))).json();
  assert.is(settle.debt, '30.00');
  assert.is(settle.total, '30.00');
  assert.is(settle.items_count, 0);
  assert.is(settle.credit_card_surcharge_amount, '0.90');
  assert.is(settle.credit_debit_card, '30.90');
});

test('check_discount_code: the spec messages, and the voucher in check_costs', async () => {
  const check = (user: TestUser, discount_code: unknown) => call(t, 'POST', '/api/checkout/check_discount_code/', { discount_code }, { user });
  assert.equal((await check(ada, '')).json(), { discount_code: ['This field is required'] });
  assert.equal((await check(ada, 'AB')).json(), { discount_code: ['Code characters limit - min 3 symbols'] });
  assert.equal((await check(ada, 'ABCDEFGHIJK')).json(), { discount_code: ['Code characters limit - max 10 symbols'] });
  assert.equal((await check(ada, 'NOPE1')).json(), { discount_code: ['This voucher code is not valid.'] });
  await issueVoucher(t, 'OLD10', { expires_at: new Date(t.clock.now().getTime() - DAY).toISOString() });
  assert.equal((await check(ada, 'old10')).json(), { discount_code: ['This voucher code has expired.'] });
  await issueVoucher(t, 'ONCE5', { once_per_user: true, value: 500 });
  await appendVoucher(t, 'ONCE5', [{ type: 'VoucherRedeemed', data: { code: 'ONCE5', user_id: ada.id, order_id: randomUUID(), discount_pence: 500, at: t.clock.now().toISOString() } }]);
  await t.ctx.projections.settle();
  assert.equal((await check(ada, 'once5')).json(), { discount_code: ['You have already used this voucher code.'] });
  assert.is((await check(ben, 'ONCE5')).statusCode, 200, 'once per user: another user may');
  await issueVoucher(t, 'TWO', { max_uses: 1 });
  await appendVoucher(t, 'TWO', [{ type: 'VoucherRedeemed', data: { code: 'TWO', user_id: ben.id, order_id: randomUUID(), discount_pence: 1000, at: t.clock.now().toISOString() } }]);
  await t.ctx.projections.settle();
  assert.equal((await check(ada, 'TWO')).json(), { discount_code: ['This voucher code is not valid.'] }, 'used up');

  await issueVoucher(t, 'TENOFF', { kind: 'percent', value: 1000 });
  const ok = await check(ada, ' tenoff ');
  assert.is(ok.statusCode, 200);
  assert.equal(ok.json(), { discount_code: 'TENOFF', kind: 'percent', value: '10.00', detail: 'Success! Voucher code has been activated.' });
  const priced = (await costs(ada, 'collection', draft({ discount_code: 'tenoff', payment_method: { method: 'IN_STORE', details: {} } }))).json();
  assert.is(priced.voucher_discount_amount, '36.50');
  assert.is(priced.credit_debit_card, '328.50');
  const refused = await costs(ada, 'collection', draft({ discount_code: 'OLD10' }));
  assert.equal(refused.json(), { discount_code: ['This voucher code has expired.'] });
});

test('reserved and paid lots leave won_items; stored lots are listed, priced and counted for storage periods', async () => {
  const cara = await createTestUser(t);
  const a = await wonLot(t, cara.id, { hammerPence: 8_000 });
  const b = await wonLot(t, cara.id, { hammerPence: 4_000 });
  const c = await wonLot(t, cara.id, { hammerPence: 2_000, endedAgoMs: 60 * DAY });
  const wonIds = async () => (await call(t, 'GET', '/api/checkout/won_items/', undefined, { user: cara })).json().results.map((r: { lot: { id: string } }) => r.lot.id).sort();
  assert.equal(await wonIds(), [a.lotId, b.lotId, c.lotId].sort());

  await placeOrder(t, cara.id, [a], { method: 'UK_BANK' });
  assert.equal(await wonIds(), [b.lotId, c.lotId].sort(), 'a lot in an order awaiting payment is not offered again');

  const storedUntil = new Date(t.clock.now().getTime() + 40 * DAY).toISOString();
  await placeOrder(t, cara.id, [c], { service: 'storage', paid: true, storedUntil });
  assert.equal(await wonIds(), [b.lotId]);
  const stored = (await call(t, 'GET', '/api/checkout/items_from_storage/?page_size=9999', undefined, { user: cara })).json();
  assert.is(stored.count, 1);
  assert.is(stored.results[0].lot.id, c.lotId);
  assert.is(stored.results[0].lot.storage_expiration_date, storedUntil);
  assert.is((await call(t, 'GET', '/api/checkout/items_from_storage/', undefined, { user: ada })).json().count, 0);

  const withStored = (await costs(cara, 'delivery', draft({ lots_from_storage: [c.lotId] }))).json();
  assert.is(withStored.items_count, 2);
  assert.is(withStored.subtotal, '40.00', 'the stored lot was paid already');
  assert.is(withStored.shipping_amount, '40.00', 'DHL for 2 bottles');
  const notMine = await costs(ada, 'delivery', draft({ lots_from_storage: [c.lotId] }));
  assert.equal(notMine.json(), { lots_from_storage: ['Some of these lots are not in your storage.'] });

  const periods = await call(t, 'POST', '/api/checkout/storage_periods/', { objects: [c.lotId] }, { user: cara });
  assert.is(periods.statusCode, 200);
  assert.equal(periods.json(), [
    { key: '45_days', value: 45, amount: '0.00', storage_type: 'days' },
    { key: '3_months', value: 3, amount: '18.00', storage_type: 'months' },
    { key: '6_months', value: 6, amount: '36.00', storage_type: 'months' },
    { key: '12_months', value: 12, amount: '72.00', storage_type: 'months' },
  ]);
  assert.is((await call(t, 'POST', '/api/checkout/storage_periods/', { objects: [] }, { user: cara })).json()[1].amount, '9.00');
  assert.is((await call(t, 'POST', '/api/checkout/storage_periods/', { objects: [c.lotId] }, { user: ada })).statusCode, 400);
});

test('the unpaid-lots notice: due while a won lot is unpaid and not yet told, shown once, back for a new win', async () => {
  const dan = await createTestUser(t);
  const get = async () => (await call(t, 'GET', '/api/unpaid_lots_to_notify/', undefined, { user: dan })).json();
  assert.equal(await get(), { unpaid_lots_to_notify: false, count: 0, lots: [] });
  const lot = await wonLot(t, dan.id, { hammerPence: 3_000, title: 'Ardbeg 10' });
  assert.equal(await get(), { unpaid_lots_to_notify: true, count: 1, lots: [{ id: lot.lotId, title: 'Ardbeg 10', reference_no: lot.referenceNo }] });
  assert.equal((await call(t, 'POST', '/api/unpaid_lots_to_notify/', { read: false }, { user: dan })).statusCode, 400);
  const read = await call(t, 'POST', '/api/unpaid_lots_to_notify/', { read: true }, { user: dan });
  assert.is(read.json().unpaid_lots_to_notify, false);
  assert.is((await get()).count, 1);
  const second = await wonLot(t, dan.id, { hammerPence: 3_000 });
  assert.is((await get()).unpaid_lots_to_notify, true);
  await placeOrder(t, dan.id, [lot, second]);
  assert.equal(await get(), { unpaid_lots_to_notify: false, count: 0, lots: [] });
});

test('get_lot_costs: the buyer lines for a bid, by country', async () => {
  const res = await call(t, 'POST', `/api/get_lot_costs/${vatLot.lotId}/`, { bid: '100.00', country: 'france', payment_method: 'CARD' }, {});
  assert.is(res.statusCode, 200, res.body);
  const c = res.json();
  assert.equal(
    { hammer: c.hammer, buyers_premium: c.buyers_premium, vat_on_premium: c.vat_on_premium, vat_on_hammer: c.vat_on_hammer, insurance: c.insurance, shipping: c.shipping, carrier: c.carrier },
    { hammer: '100.00', buyers_premium: '12.50', vat_on_premium: '2.50', vat_on_hammer: '20.00', insurance: '3.38', shipping: '35.00', carrier: 'DHL' },
  );
  // 100 + 12.50 + 2.50 + 20 + 3.38 + 35 = 173.38; card 3% = 5.20
  assert.is(c.credit_card_surcharge, '5.20');
  assert.is(c.total, '178.58');
  const uk = (await call(t, 'POST', `/api/get_lot_costs/${plainLot.lotId}/`, { bid: '200' }, { user: ben })).json();
  assert.is(uk.carrier, 'DPD', 'no country, no saved address: the UK');
  assert.is(uk.vat_on_hammer, '0.00');
  const cuba = (await call(t, 'POST', `/api/get_lot_costs/${plainLot.lotId}/`, { bid: '200', country: 'cuba' }, {})).json();
  assert.is(cuba.carrier, 'Non Deliverable Zone');
  assert.is(cuba.shipping, '0.00');
  assert.is(cuba.deliverable, false);
  assert.equal((await call(t, 'POST', `/api/get_lot_costs/${plainLot.lotId}/`, { bid: 'abc' }, {})).json(), { bid: ['Enter a valid amount.'] });
  assert.is((await call(t, 'POST', `/api/get_lot_costs/${randomUUID()}/`, { bid: '10' }, {})).statusCode, 404);
});

test.run();
