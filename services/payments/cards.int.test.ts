import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { rebuildAndCompare } from '../../projections/rebuild';
import { userCardsProjection } from '../../projections/payments/user-cards-projection';
import { CARD, card, countEvents, get, post, sandboxIntents } from './testing';

let t: TestApp;
let isla: TestUser;
let bram: TestUser;

const CARDS = '/api/user_payment_cards/';

test.before(async () => {
  t = await startTestApp();
  [isla, bram] = await Promise.all([createTestUser(t), createTestUser(t)]);
});

test.after(async () => {
  await t.close();
});

const send = (user: TestUser, method: 'PATCH' | 'DELETE', id: string, payload?: unknown) =>
  t.app.inject({ method, url: `${CARDS}${id}/`, headers: bearer(user), ...(payload === undefined ? {} : { payload: payload as object }) });
const list = async (user: TestUser) => (await get(t, user, CARDS)).json();
const summary = async (user: TestUser) =>
  (await list(user)).results.map((c: { last4: string; brand: string; default: boolean }) => `${c.brand} ${c.last4}${c.default ? ' *' : ''}`);

test('cards need a signed-in user', async () => {
  assert.is((await get(t, null, CARDS)).statusCode, 401);
  assert.is((await post(t, null, CARDS, card(CARD.ok))).statusCode, 401);
});

test('adding a card answers 201 with the card (no number, no token); the first card is the default', async () => {
  const res = await post(t, isla, CARDS, card(CARD.ok, { card_holder_name: ' Isla Grant ' }));
  assert.is(res.statusCode, 201, res.body);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['brand', 'card_holder_name', 'created_at', 'default', 'exp_month', 'exp_year', 'id', 'last4']);
  assert.equal([body.brand, body.last4, body.exp_month, body.exp_year, body.card_holder_name, body.default, body.created_at],
    ['visa', '4242', 12, 2030, 'Isla Grant', true, t.clock.now().toISOString()]);
  const page = await list(isla);
  assert.equal([page.count, page.next, page.previous, page.total_pages, page.results], [1, null, null, 1, [body]]);
});

test('the same card again (with or without spaces) is refused before the provider checks it', async () => {
  const intents = await sandboxIntents(t);
  for (const number of [CARD.ok, CARD.ok.replace(/ /g, '')]) {
    const res = await post(t, isla, CARDS, card(number, { expiry_date: '01/31' }));
    assert.equal([res.statusCode, res.json()], [400, { detail: 'This card is already saved.' }]);
  }
  assert.is(await sandboxIntents(t), intents);
  const other = await post(t, bram, CARDS, card(CARD.ok));
  assert.is(other.statusCode, 201, 'another user may save the same card');
});

test('card rules and provider refusals', async () => {
  const bad = await post(t, isla, CARDS, { card_number: '3782 822463 10005', expiry_date: '1230', cvv: '123', card_holder_name: '' });
  assert.equal([bad.statusCode, bad.json()], [400, { cvv: ['CVC must be exactly 4 digits'], card_holder_name: ['This field is required'] }]);
  const declined = await post(t, isla, CARDS, card(CARD.declined));
  assert.equal([declined.statusCode, declined.json()], [400, { detail: 'Your card was declined.' }]);
  assert.is((await list(isla)).count, 1);
});

test('switching the default; only true is accepted', async () => {
  const mc = (await post(t, isla, CARDS, card(CARD.mastercard))).json();
  const amex = (await post(t, isla, CARDS, card(CARD.amex, { cvv: '7391' }))).json();
  assert.equal([mc.default, amex.default, amex.brand], [false, false, 'amex']);
  const res = await send(isla, 'PATCH', mc.id, { default: true });
  assert.equal([res.statusCode, res.json().id, res.json().default], [200, mc.id, true], res.body);
  assert.equal((await list(isla)).results.filter((c: { default: boolean }) => c.default).map((c: { id: string }) => c.id), [mc.id]);
  const again = await send(isla, 'PATCH', mc.id, { default: true });
  assert.is(again.statusCode, 200);
  assert.is(await countEvents(t, 'DefaultCardChanged', isla.id), 1, 'choosing the default card again records nothing');
  const unset = await send(isla, 'PATCH', mc.id, { default: false });
  assert.equal([unset.statusCode, unset.json()], [400, { default: ['Choose another card as the default instead.'] }]);
});

test('another user\'s card is not found (404) for every change, and is not listed', async () => {
  const theirs = (await list(isla)).results[0];
  assert.is((await send(bram, 'PATCH', theirs.id, { default: true })).statusCode, 404);
  assert.is((await send(bram, 'DELETE', theirs.id)).statusCode, 404);
  assert.not.ok((await list(bram)).results.some((c: { id: string }) => c.id === theirs.id));
  assert.is((await list(isla)).count, 3);
});

test('deleting: 204; deleting the default makes the newest other card the default', async () => {
  const before = (await list(isla)).results as { id: string; last4: string; default: boolean }[];
  const byLast4 = (l: string) => before.find((c) => c.last4 === l)!;
  const del = await send(isla, 'DELETE', byLast4('4444').id);
  assert.is(del.statusCode, 204);
  // The amex (added after the visa) is the newest of the others.
  assert.equal(await summary(isla), ['amex 0005 *', 'visa 4242']);
  assert.is((await send(isla, 'DELETE', byLast4('4444').id)).statusCode, 404, 'a removed card is gone');
  assert.is((await send(isla, 'DELETE', byLast4('4242').id)).statusCode, 204);
  assert.equal(await summary(isla), ['amex 0005 *']);
  // A removed card can be saved again.
  assert.is((await post(t, isla, CARDS, card(CARD.ok))).statusCode, 201);
  assert.equal(await summary(isla), ['amex 0005 *', 'visa 4242']);
});

test('paging the list', async () => {
  const page = (await get(t, isla, `${CARDS}?page=2&page_size=1`)).json();
  assert.equal([page.count, page.total_pages, page.previous, page.next, page.results.length], [2, 2, '/api/user_payment_cards/?page=1&page_size=1', null, 1]);
});

test('card format by a 6-digit prefix', async () => {
  const visa = await get(t, null, '/api/get_credit_card_format/424242/');
  assert.equal(visa.json(), { brand: 'visa', brand_name: 'Visa', groups: [4, 4, 4, 4], mask: '#### #### #### ####', lengths: [16, 18, 19], cvc_length: 3 });
  const amex = (await get(t, null, '/api/get_credit_card_format/371449')).json();
  assert.equal([amex.brand, amex.groups, amex.cvc_length], ['amex', [4, 6, 5], 4]);
  assert.is((await get(t, null, '/api/get_credit_card_format/999999/')).json().brand, 'unknown');
  const short = await get(t, null, '/api/get_credit_card_format/4242/');
  assert.equal([short.statusCode, short.json()], [400, { prefix: ['Enter exactly 6 digits.'] }]);
});

test('the cards read model rebuilt from the events (saves, default switches, removals) equals the live one', async () => {
  const report = await rebuildAndCompare(t.ctx.db, userCardsProjection);
  assert.equal(report.tables.map((table) => [table.table, table.equal]), [['user_cards', true]]);
  assert.ok(report.tables[0].rows >= 5);
});

test.run();
