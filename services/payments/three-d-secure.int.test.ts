import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { rebuildAndCompare } from '../../projections/rebuild';
import { paymentsProjection } from '../../projections/payments/payments-projection';
import { userCardsProjection } from '../../projections/payments/user-cards-projection';
import { usersProjection } from '../../projections/accounts/users-projection';
import { CARD, card, challengeUrl, countEvents, feeRow, followReturn, get, openChallenge, post } from './testing';
import { INVALID_CHALLENGE } from './sandbox/challenge-page';

let t: TestApp;

const FEE = '/api/registration_fee/';

test.before(async () => {
  t = await startTestApp();
});

test.after(async () => {
  await t.close();
});

/** The user's events since the account was made (payments, fee, cards), for "nothing appended twice". */
const paymentEvents = async (user: TestUser) => {
  const { rows } = await sql<{ type: string }>`SELECT type FROM events WHERE data->>'user_id' = ${user.id}
    AND type NOT IN ('EmailClaimed', 'UserRegistered', 'EmailVerified') ORDER BY position`.execute(t.ctx.db);
  return rows.map((r) => r.type);
};

test('3220: the fee answers payment HTML; Complete pays it once, however often the return is hit', async () => {
  const buyer = await createTestUser(t);
  const lot = randomUUID();
  const res = await post(t, buyer, `${FEE}?lot=${lot}&bid=25.50`, card(CARD.challenge, { return_path: '/lots/macallan-18' }));
  assert.is(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /application\/json/);
  const html = res.json();
  assert.type(html, 'string');
  assert.match(html, /<form id="payment-3ds-form" method="get" action="\/payments\/sandbox\/3ds\/pi_[0-9a-f]{24}">/);
  assert.equal(await feeRow(t, buyer.id), { registration_fee_status: false, registration_fee_method: null });
  assert.equal(await paymentEvents(buyer), ['PaymentRequested', 'PaymentCreated', 'PaymentChallengeRequired']);

  const challenge = await openChallenge(t, html);
  assert.match(String(challenge.page.headers['content-type']), /text\/html/);
  const csp = String(challenge.page.headers['content-security-policy']);
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /form-action 'self'/);
  assert.match(challenge.page.body, /Whisky Auction/);
  assert.match(challenge.page.body, /£5\.00/);
  assert.match(challenge.page.body, /ending 3220/);

  const done = await followReturn(t, await challenge.complete());
  assert.is(done.client, `/lots/macallan-18?registration_fee=true&lot=${lot}&bid=25.50`);
  assert.equal(await feeRow(t, buyer.id), { registration_fee_status: true, registration_fee_method: 'card' });
  const after = await paymentEvents(buyer);
  assert.equal(after, ['PaymentRequested', 'PaymentCreated', 'PaymentChallengeRequired', 'PaymentSucceeded', 'RegistrationFeePaid']);

  // The return route again, and Complete (or Fail) pressed again in another tab: nothing new, the same redirect.
  const again = await t.app.inject({ method: 'GET', url: done.returnUrl });
  assert.equal([again.statusCode, again.headers.location], [303, `${done.client}&payment=${done.paymentId}`]);
  // What the client asks before it says "paid": the payment by id, the caller's own only.
  const status = await get(t, buyer, `/api/payments/${done.paymentId}/`);
  assert.equal([status.statusCode, status.json()], [200, { id: done.paymentId, purpose: 'registration_fee', status: 'succeeded', order_id: null, failure_message: null }]);
  const stranger = await createTestUser(t);
  assert.equal((await get(t, stranger, `/api/payments/${done.paymentId}/`)).json(), { detail: 'Payment not found.' });
  assert.equal((await followReturn(t, await challenge.complete())).client, done.client);
  assert.equal((await followReturn(t, await challenge.fail())).client, done.client);
  assert.equal(await paymentEvents(buyer), after);
  // The challenge link after use leads to the outcome, not to the page.
  const reopened = await t.app.inject({ method: 'GET', url: challengeUrl(html) });
  assert.equal([reopened.statusCode, reopened.headers.location], [303, done.returnUrl]);
});

test('3220 and Fail: back with registration_fee=false and the fee still unpaid', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, FEE, card(CARD.challenge));
  const challenge = await openChallenge(t, res.json());
  const done = await followReturn(t, await challenge.fail());
  assert.is(done.client, '/?registration_fee=false');
  assert.is((await get(t, buyer, `/api/payments/${done.paymentId}/`)).json().status, 'failed');
  assert.equal(await feeRow(t, buyer.id), { registration_fee_status: false, registration_fee_method: null });
  assert.equal((await get(t, buyer, FEE)).json().registration_fee_status, false);
  assert.is(await countEvents(t, 'PaymentFailed', buyer.id), 1);
  assert.equal((await followReturn(t, await challenge.complete())).client, done.client, 'a late Complete changes nothing');
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 0);
  const payment = await t.ctx.db.selectFrom('payments').select(['status', 'failure_code']).where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
  assert.equal(payment, { status: 'failed', failure_code: 'authentication_failed' });
});

test('two challenges completed in two tabs: the fee is paid once, the second payment refunded', async () => {
  const buyer = await createTestUser(t);
  const [first, second] = [await post(t, buyer, FEE, card(CARD.challenge)), await post(t, buyer, FEE, card(CARD.challenge))];
  const [a, b] = [await openChallenge(t, first.json()), await openChallenge(t, second.json())];
  assert.is((await followReturn(t, await a.complete())).client, '/?registration_fee=true');
  assert.is((await followReturn(t, await b.complete())).client, '/?registration_fee=true');
  assert.is(await countEvents(t, 'RegistrationFeePaid', buyer.id), 1);
  assert.is(await countEvents(t, 'PaymentRefunded', buyer.id), 1);
  const payments = await t.ctx.db.selectFrom('payments').select(['status', 'refunded_pence']).where('user_id', '=', buyer.id).orderBy('refunded_pence').execute();
  assert.equal(payments, [{ status: 'succeeded', refunded_pence: 0 }, { status: 'succeeded', refunded_pence: 500 }]);
});

test('a wrong or missing challenge token gets no page and decides nothing', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, FEE, card(CARD.challenge));
  const url = challengeUrl(res.json());
  const wrong = url.replace(/t=.*/, `t=${'A'.repeat(43)}`);
  const page = await t.app.inject({ method: 'GET', url: wrong });
  assert.equal([page.statusCode, page.json()], [404, { detail: INVALID_CHALLENGE }], 'the API\'s error shape, on the bank\'s page too');
  assert.ok(page.headers['content-security-policy']);
  const path = url.split('?')[0];
  for (const payload of [`t=${'A'.repeat(43)}`, '']) {
    const pressed = await t.app.inject({ method: 'POST', url: `${path}/complete`, payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    assert.equal([pressed.statusCode, pressed.json()], [404, { detail: INVALID_CHALLENGE }]);
  }
  assert.is((await t.app.inject({ method: 'GET', url: '/payments/return/not-a-payment' })).statusCode, 400);
  assert.is((await t.app.inject({ method: 'GET', url: `/payments/return/${randomUUID()}` })).statusCode, 404);
  // Returning before the challenge is answered: back to the client as not paid, and the payment still open.
  const open = (await t.ctx.db.selectFrom('payments').select('id').where('user_id', '=', buyer.id).executeTakeFirstOrThrow()).id;
  const early = await t.app.inject({ method: 'GET', url: `/payments/return/${open}` });
  assert.equal([early.statusCode, early.headers.location], [303, `/?registration_fee=false&payment=${open}`]);
  assert.is((await get(t, buyer, `/api/payments/${open}/`)).json().status, 'pending', 'the flag says false; the server says not decided yet');
  assert.is(await countEvents(t, 'PaymentSucceeded', buyer.id) + await countEvents(t, 'PaymentFailed', buyer.id), 0);
});

test('adding a 3220 card goes through the challenge; afterwards user_payment_cards=true and the card is listed', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, '/api/user_payment_cards/', card(CARD.challenge, { return_path: '/account/settings?section=cards' }));
  assert.is(res.statusCode, 200, res.body);
  assert.is((await get(t, buyer, '/api/user_payment_cards/')).json().count, 0);
  const challenge = await openChallenge(t, res.json());
  assert.match(challenge.page.body, /nothing is charged/);
  const done = await followReturn(t, await challenge.complete());
  assert.is(done.client, '/account/settings?section=cards&user_payment_cards=true', 'the page keeps its own query');
  const cards = (await get(t, buyer, '/api/user_payment_cards/')).json();
  assert.equal(cards.results.map((c: { last4: string; default: boolean }) => [c.last4, c.default]), [['3220', true]]);
  // The card passed its challenge when saved: paying the fee with it needs none.
  const fee = await post(t, buyer, FEE, { card_id: cards.results[0].id });
  assert.equal([fee.statusCode, fee.json().registration_fee_status], [200, true], fee.body);

  const twice = await post(t, buyer, '/api/user_payment_cards/', card(CARD.challenge));
  assert.equal([twice.statusCode, twice.json()], [400, { detail: 'This card is already saved.' }]);
});

test('adding a 3220 card and pressing Fail: user_payment_cards=false and nothing saved', async () => {
  const buyer = await createTestUser(t);
  const res = await post(t, buyer, '/api/user_payment_cards/', card(CARD.challenge));
  const done = await followReturn(t, await (await openChallenge(t, res.json())).fail());
  assert.is(done.client, '/?user_payment_cards=false');
  assert.is((await get(t, buyer, '/api/user_payment_cards/')).json().count, 0);
  assert.is(await countEvents(t, 'CardSaved', buyer.id), 0);
});

test('the payments, cards and users read models rebuilt from the events equal the live ones', async () => {
  for (const projection of [paymentsProjection, userCardsProjection, usersProjection]) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.events > 0, projection.name);
    for (const table of report.tables) assert.ok(table.equal && table.rows > 0, `${projection.name}.${table.table}`);
  }
});

test.run();
