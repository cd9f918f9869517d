import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { runWalletCommand } from '../wallet/wallet-commands';
import { UK_ADDRESS, cardDraft, createOrder, draft, eventsOf, fundWallet, staffPost, startOrderApp, transactionsOf, walletOf, wonItemIds, wonLots } from './testing';

let t: TestApp;
let staff: TestUser;
let seller: TestUser;

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
});

test.after(async () => {
  await t.close();
});

const ordersOf = async (user: TestUser) => (await eventsOf(t, 'OrderPlaced')).filter((e) => e.data.user_id === user.id);

test('the wallet covering everything: paid at once (method NONE), the use debited', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 10_000 }]);
  await fundWallet(t, buyer, 20_000);
  const res = await createOrder(t, buyer, 'collection', draft('UK_BANK', { used_from_wallet: '115.00' }));
  assert.is(res.statusCode, 201, res.body);
  assert.equal([res.json().status, res.json().amount_due, res.json().bank_details], ['paid', '0.00', undefined]);
  const [paid] = (await eventsOf(t, 'OrderPaid')).filter((e) => e.data.order_id === res.json().order_id);
  assert.is(paid.data.method, 'NONE');
  assert.is((await walletOf(t, buyer)).balance, '85.00');
  const [use] = await transactionsOf(t, buyer);
  assert.equal([use.kind, use.amount], ['checkout', '-115.00']);
});

test('a voucher worth more than the total: paid at once, the rest credited to the wallet', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 10_000 }]);
  const issued = await staffPost(t, staff, '/api/staff/vouchers/', { code: 'Big200', kind: 'fixed', value: '200.00', max_uses: 5 });
  assert.is(issued.statusCode, 201, issued.body);
  const res = await createOrder(t, buyer, 'collection', cardDraft('4242 4242 4242 4242', { discount_code: 'big200' }));
  assert.is(res.statusCode, 201, res.body);
  assert.equal([res.json().status, res.json().amount_due], ['paid', '0.00']);
  assert.is((await walletOf(t, buyer)).balance, '85.00');
  const [remainder] = await transactionsOf(t, buyer);
  assert.equal([remainder.kind, remainder.amount, remainder.reference], ['voucher_remainder', '85.00', 'BIG200']);
  assert.is((await eventsOf(t, 'PaymentCreated')).filter((e) => e.data.user_id === buyer.id).length, 0, 'no card charge for nothing');
});

test('wallet settle: only with a debt; the bank payment received credits the debt back (kind settlement)', async () => {
  const buyer = await createTestUser(t);
  const none = await createOrder(t, buyer, 'wallet_settle', draft('UK_BANK'));
  assert.equal([none.statusCode, none.json()], [400, { detail: 'Wallet settle is only possible while your wallet balance is negative.' }]);
  const now = t.clock.now().toISOString();
  await runWalletCommand(t.ctx, buyer.id, { type: 'ChangeOverdraft', user_id: buyer.id, limit_pence: 10_000, by: 'staff', reason: 'test', now });
  await runWalletCommand(t.ctx, buyer.id, {
    type: 'DebitWallet', user_id: buyer.id, entry_id: randomUUID(), amount_pence: 4_200, kind: 'adjustment', description: 'Charge by the house',
    reference: null, by: 'staff', reason: 'test', now,
  });
  await fundWallet(t, buyer, 1); // waits for the projection
  const res = await createOrder(t, buyer, 'wallet_settle', draft('UK_BANK'));
  assert.is(res.statusCode, 201, res.body);
  assert.equal([res.json().amount_due, res.json().status], ['41.99', 'awaiting_payment']);
  const paid = await staffPost(t, staff, `/api/staff/orders/${res.json().order_id}/payment_received/`, { reference: 'BACS 1' });
  assert.equal([paid.statusCode, paid.json().next_statuses], [200, []]);
  assert.is((await walletOf(t, buyer)).balance, '0.00');
  const [settled] = await transactionsOf(t, buyer);
  assert.equal([settled.kind, settled.amount], ['settlement', '41.99']);
});

test('concurrent create_order calls with the same lots and different keys: one order, the other 409', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 3_000 }, { hammer: 4_000 }]);
  const answers = await Promise.all([1, 2, 3].map(() => createOrder(t, buyer, 'collection', draft('UK_BANK'))));
  const statuses = answers.map((r) => r.statusCode).sort();
  assert.equal(statuses, [201, 409, 409], answers.map((r) => r.body).join('\n'));
  for (const r of answers.filter((a) => a.statusCode === 409)) assert.equal(r.json(), { detail: 'Some of these lots are already in another order.' });
  assert.is((await ordersOf(buyer)).length, 1);
});

test('the same Idempotency-Key twice (and at once): one order, the same answer replayed', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 3_000 }]);
  const key = randomUUID();
  const [a, b] = await Promise.all([createOrder(t, buyer, 'collection', draft('UK_BANK'), key), createOrder(t, buyer, 'collection', draft('UK_BANK'), key)]);
  const c = await createOrder(t, buyer, 'collection', draft('UK_BANK'), key);
  assert.equal([a.statusCode, b.statusCode, c.statusCode], [201, 201, 201]);
  assert.equal(b.json(), a.json());
  assert.equal(c.json(), a.json());
  assert.is(c.headers['idempotent-replayed'], 'true');
  assert.is((await ordersOf(buyer)).length, 1);
});

test('prices are the server\'s: a total sent by the client is ignored', async () => {
  const buyer = await createTestUser(t);
  await wonLots(t, staff, buyer, seller, [{ hammer: 10_000 }]);
  const res = await createOrder(t, buyer, 'collection', draft('UK_BANK', { total: '1.00', credit_debit_card: '1.00', subtotal: '0.01' }));
  assert.equal([res.statusCode, res.json().amount_due], [201, '115.00']);
  const [placed] = await ordersOf(buyer);
  assert.is((placed.data.summary as { total: number }).total, 11_500);
});

test('bad input gets the specification\'s messages and changes nothing', async () => {
  const buyer = await createTestUser(t);
  const [lot] = await wonLots(t, staff, buyer, seller, [{ hammer: 5_000 }]);
  await fundWallet(t, buyer, 1_000);
  const cases: [string, Record<string, unknown>, number, unknown][] = [
    ['collection', { note_from_customer: 'x'.repeat(601) }, 400, { note_from_customer: ['Max 600 symbols'] }],
    ['collection', { discount_code: 'ab' }, 400, { discount_code: ['Code characters limit - min 3 symbols'] }],
    ['collection', { discount_code: 'abcdefghijk' }, 400, { discount_code: ['Code characters limit - max 10 symbols'] }],
    ['collection', { discount_code: 'NOPE1' }, 400, { discount_code: ['This voucher code is not valid.'] }],
    ['collection', { used_from_wallet: '10.01' }, 400, { used_from_wallet: ['Amount cannot exceed the balance'] }],
    ['collection', { used_from_wallet: 'ten' }, 400, { used_from_wallet: ['Amount must be greater than 0'] }],
    ['collection', { payment_method: null }, 400, { payment_method: ['This field is required'] }],
    ['collection', { payment_method: { method: '' } }, 400, { 'payment_method.method': ['This field is required'] }],
    ['collection', { billing_address: null }, 400, { billing_address: ['This field is required'] }],
    ['collection', { billing_address: { ...UK_ADDRESS, zip_code: 'EH1 2AB 99999', city: 'Edinburgh 2' } }, 400, {
      'billing_address.city': ['Only letters, spaces, slashes or hyphens, 1 to 150'],
      'billing_address.zip_code': ["Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed"],
    }],
    ['delivery', { shipping_address: { ...UK_ADDRESS, country: 'russian-federation', zip_code: '101000' } }, 400,
      { detail: 'We do not ship to this country. Please select an alternative shipping address.' }],
    ['storage', { storage_type: 'months', storage_months: 5 }, 400, { storage_months: ['Choose one of the offered storage periods.'] }],
    ['collection', { lots_from_storage: [lot.id] }, 201, null],
  ];
  for (const [service, change, status, body] of cases.slice(0, -1)) {
    const res = await createOrder(t, buyer, service, draft('UK_BANK', change));
    assert.is(res.statusCode, status, `${JSON.stringify(change)}: ${res.body}`);
    assert.equal(res.json(), body, JSON.stringify(change));
  }
  const unknown = await createOrder(t, buyer, 'teleport', draft('UK_BANK'));
  assert.is(unknown.statusCode, 404);
  const anonymous = await t.app.inject({ method: 'POST', url: '/api/checkout/collection/create_order/', payload: draft('UK_BANK') });
  assert.is(anonymous.statusCode, 401);
  assert.is((await ordersOf(buyer)).length, 0);
  assert.equal(await wonItemIds(t, buyer), [lot.id]);
  assert.is((await walletOf(t, buyer)).balance, '10.00');
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM idempotency_keys WHERE user_id = ${buyer.id}`.execute(t.ctx.db);
  assert.is(Number(rows[0].n), 0, 'refused requests keep no idempotency answer');

  const nothing = await createTestUser(t);
  const empty = await createOrder(t, nothing, 'collection', draft('UK_BANK'));
  assert.equal([empty.statusCode, empty.json()], [400, { detail: 'You have no won lots to pay for.' }]);
});

test.run();
