import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { createLot, postBid } from '../bidding/testing';
import { userStream } from '../../domain/accounts/events';
import { CARD, card, countEvents, feeRow, get, post, sandboxIntents } from './testing';

let t: TestApp;
let staff: TestUser;

const FEE = '/api/registration_fee/';
const unpaid = { registration_fee_status: false, amount: '5.00', currency: 'GBP', paid_at: null, method: null };

test.before(async () => {
  t = await startTestApp();
  staff = await createTestUser(t, { staff: true });
});

test.after(async () => {
  await t.close();
});

test('the fee needs a signed-in user', async () => {
  assert.is((await get(t, null, FEE)).statusCode, 401);
  assert.is((await post(t, null, FEE, card(CARD.ok))).statusCode, 401);
});

test('paying with 4242: paid at once, shown on the user, and the user can bid', async () => {
  const buyer = await createTestUser(t);
  assert.equal((await get(t, buyer, FEE)).json(), unpaid);
  const { lotId } = await createLot(t.ctx, t.clock.now(), { sellerId: staff.id });
  const refused = await postBid(t, buyer, { bid: '10', lot: lotId });
  assert.equal([refused.statusCode, refused.json().detail], [400, 'Please pay the registration fee before placing your first bid.']);

  const res = await post(t, buyer, `${FEE}?lot=${lotId}&bid=10`, card(CARD.ok));
  assert.is(res.statusCode, 200, res.body);
  const paid = { registration_fee_status: true, amount: '5.00', currency: 'GBP', paid_at: t.clock.now().toISOString(), method: 'card' };
  assert.equal(res.json(), paid);
  assert.equal((await get(t, buyer, FEE)).json(), paid);
  assert.equal(await feeRow(t, buyer.id), { registration_fee_status: true, registration_fee_method: 'card' });
  assert.is((await get(t, buyer, '/api/users/current/')).json().registration_fee_status, true);

  const fee = (await t.ctx.store.readStream(userStream(buyer.id))).filter((e) => e.type === 'RegistrationFeePaid');
  assert.is(fee.length, 1);
  const data = fee[0].data as Record<string, unknown>;
  assert.equal([data.method, data.amount_pence, data.reference], ['card', 500, data.payment_id]);
  const payment = await t.ctx.db.selectFrom('payments').selectAll().where('id', '=', String(data.payment_id)).executeTakeFirstOrThrow();
  assert.equal([payment.status, payment.purpose, payment.amount_pence, payment.card_brand, payment.card_last4], ['succeeded', 'registration_fee', 500, 'visa', '4242']);

  const bid = await postBid(t, buyer, { bid: '10', lot: lotId });
  assert.is(bid.statusCode, 201, bid.body);
});

test('paying again is refused before anything is charged', async () => {
  const buyer = await createTestUser(t, { feePaid: true });
  const intents = await sandboxIntents(t);
  const res = await post(t, buyer, FEE, card(CARD.ok));
  assert.equal([res.statusCode, res.json()], [400, { detail: 'Your registration fee is already paid.' }]);
  assert.is(await sandboxIntents(t), intents);
  assert.is(await countEvents(t, 'PaymentCreated', buyer.id), 0);
});

test('refusals answer the provider\'s message and change nothing on the account', async () => {
  const buyer = await createTestUser(t);
  const cases: [string, string][] = [
    [CARD.declined, 'Your card was declined.'],
    [CARD.insufficient, 'Your card has insufficient funds.'],
    [CARD.expired, 'Your card has expired.'],
    [CARD.cvc, "Your card's security code is incorrect."],
  ];
  for (const [number, message] of cases) {
    const res = await post(t, buyer, FEE, card(number, { save_card: true }));
    assert.equal([res.statusCode, res.json()], [400, { detail: message }], number);
  }
  assert.equal((await get(t, buyer, FEE)).json(), unpaid);
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 0);
  assert.is(await countEvents(t, 'CardSaved', buyer.id), 0);
  assert.is(await countEvents(t, 'PaymentFailed', buyer.id), 4, 'each refusal is on its payment stream');
  assert.is((await get(t, buyer, '/api/user_payment_cards/')).json().count, 0);
});

test('card details are checked by the server with the spec\'s messages, before any charge', async () => {
  const buyer = await createTestUser(t);
  const intents = await sandboxIntents(t);
  const res = await post(t, buyer, FEE, { card_number: '4242 4242 4242 4241', expiry_date: '13/30', cvv: '12', return_path: 'https://evil.test/' });
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), {
    card_number: ['Card number is invalid'], expiry_date: ['Invalid month'], cvv: ['CVC must be exactly 3 digits'],
    card_holder_name: ['This field is required'], return_path: ['Enter a path on this site.'],
  });
  const expired = await post(t, buyer, FEE, card(CARD.ok, { expiry_date: '10/26' }));
  assert.equal(expired.json(), { expiry_date: ['Card has expired'] });
  const short = await post(t, buyer, FEE, card('4242 4242'));
  assert.equal(short.json(), { card_number: ['Card number is too short'] });
  assert.equal((await post(t, buyer, `${FEE}?lot=nope`, card(CARD.ok))).json(), { lot: ['Not found.'] });
  assert.is(await sandboxIntents(t), intents);
});

test('save_card: true pays and saves the card; a saved card pays the next fee by its id', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, FEE, card(CARD.mastercard, { save_card: true, card_holder_name: 'Isla M Grant' }));
  assert.is(res.statusCode, 200, res.body);
  const cards = (await get(t, buyer, '/api/user_payment_cards/')).json();
  assert.is(cards.count, 1);
  assert.equal({ ...cards.results[0], id: 'x', created_at: 'x' }, {
    id: 'x', brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030, card_holder_name: 'Isla M Grant', default: true, created_at: 'x',
  });

  const other = await createTestUser(t);
  const stranger = await post(t, other, FEE, { card_id: cards.results[0].id });
  assert.equal([stranger.statusCode, stranger.json()], [404, { detail: 'Card not found.' }], 'another user\'s card cannot pay');
  const saved = await post(t, other, '/api/user_payment_cards/', card(CARD.ok));
  assert.is(saved.statusCode, 201, saved.body);
  const byId = await post(t, other, FEE, { card_id: saved.json().id });
  assert.equal([byId.statusCode, byId.json().method], [200, 'card'], byId.body);
  assert.is(await countEvents(t, 'CardSaved', other.id), 1, 'paying with a saved card saves nothing new');
});

test('staff record a fee paid by bank (the default) or in store', async () => {
  const [bank, store] = await Promise.all([createTestUser(t), createTestUser(t)]);
  const byBank = await post(t, staff, `/api/staff/users/${bank.id}/registration_fee_paid/`, { reference: 'BACS 123' });
  assert.is(byBank.statusCode, 200, byBank.body);
  assert.is((await get(t, bank, FEE)).json().method, 'bank');
  const inStore = await post(t, staff, `/api/staff/users/${store.id}/registration_fee_paid/`, { method: 'in_store', reference: 'till 3' });
  assert.is(inStore.statusCode, 200, inStore.body);
  assert.equal([(await get(t, store, FEE)).json().method, (await get(t, store, FEE)).json().registration_fee_status], ['in_store', true]);
  const bad = await post(t, staff, `/api/staff/users/${store.id}/registration_fee_paid/`, { method: 'card' });
  assert.equal([bad.statusCode, bad.json()], [400, { method: ['Choose bank or in_store.'] }]);
});

test.run();
