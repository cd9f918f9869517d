/**
 * Sell requests end to end through the HTTP API: the three kinds of new-items request and their PDFs, the rules
 * (pick-up date, deadline, payout method, sign-up) leaving nothing behind when broken, a second user seeing nothing,
 * staff handling (403 for others), and relisting bottles from storage into the seller's scheduled lots.
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, mailbox, STRONG_PASSWORD } from '../accounts/testing';
import { drainMail } from '../notifications/feature';
import { MAILER_NAME } from '../notifications/mailer';
import { rebuildAndCompare } from '../../projections/rebuild';
import { notificationsProjection } from '../../projections/notifications/projection';
import { sellRequestsProjection } from '../../projections/selling/projection';
import { pdfText } from '../wallet/testing';
import { placeOrder, wonLot, DAY } from '../checkout/testing';
import { PICK_UP_NOT_FUTURE, PICK_UP_WEEKEND } from '../../domain/selling/sell-requests/pick-up-date';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { staffAuction } from './testing';
import { NOT_IN_STORAGE } from './from-storage';

// Monday 23 November 2026, noon.
const NOW = new Date('2026-11-23T12:00:00.000Z');
let t: TestApp;
let staff: TestUser, ann: TestUser, bob: TestUser;
let next: { id: string }, closed: { id: string };

const UK_BANK = { type: 'UK_BANK', account_owner_uk: 'Ann Seller', sort_code_uk: '12-34-56', account_number_uk: '12345678' };
const ADDRESS = { apartment: 'Flat 2', country: 'united-kingdom', region: '', city: 'Glasgow', zip_code: 'G1 1AA', street: '5 Still Road' };
const ITEMS = [
  { title: 'Springbank 15', distillery: 'Springbank', age: 15, volume_ml: 700, abv: 46, quantity: 2, estimate_low: '120', estimate_high: '150' },
  { title: 'Lagavulin 16', quantity: 1 },
];

const body = (over: Record<string, unknown> = {}) => ({ items: ITEMS, type: 'send_items', payment_data: UK_BANK, address: ADDRESS, auction_id: next.id, ...over });
const post = (user: TestUser | null, type: string, payload: unknown) => call(t, 'POST', `/api/sell_request/?type=${type}`, payload, { user });
const count = async (table: 'sell_requests' | 'payout_methods' | 'users') =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.ctx.db)).rows[0].n;

const auction = (startInDays: number, deadlineInDays: number) => staffAuction(t, staff, NOW, startInDays, deadlineInDays);

test.before(async () => {
  t = await startTestApp({ workers: false, clock: new TestClock(NOW) });
  t.ctx.projections.start();
  [staff, ann, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t, { firstName: 'Ann' }), createTestUser(t)]);
  next = await auction(7, 5);
  closed = await auction(2, -1);
});

test.after(async () => {
  await t.close();
});

let sentId = '';

test('send items: 201 with the reference and a PDF of packing instructions; the payout method is saved', async () => {
  const res = await post(ann, 'new_items', body({ note: 'Two boxes' }));
  assert.is(res.statusCode, 201, res.body);
  const answer = res.json();
  assert.match(answer.reference, /^S-\d{6}$/);
  assert.is(answer.status, 'submitted');
  assert.is(answer.file_name, `sell-request-${answer.reference}.pdf`);
  const text = pdfText(answer.file_data);
  for (const part of [`Sell request ${answer.reference}`, 'Springbank 15 x 2', 'Lagavulin 16 x 1', `Write the reference ${answer.reference}`, 'Unit 7 Bonded Park', '£120.00 - £150.00']) {
    assert.ok(text.includes(part), `${part} in:\n${text}`);
  }
  sentId = answer.id;
  const methods = await t.ctx.db.selectFrom('payout_methods').select('id').where('user_id', '=', ann.id).execute();
  assert.is(methods.length, 1);

  const list = await call(t, 'GET', '/api/sell_requests/', undefined, { user: ann });
  assert.is(list.statusCode, 200);
  const [view] = list.json().results;
  assert.equal([view.id, view.reference, view.type, view.kind, view.status, view.auction_id, view.pick_up_date, view.boxes],
    [answer.id, answer.reference, 'send_items', 'new_items', 'submitted', next.id, null, null]);
  assert.equal(view.items.map((i: { title: string; quantity: number; status: string; lot_id: null }) => [i.title, i.quantity, i.status, i.lot_id]),
    [['Springbank 15', 2, 'expected', null], ['Lagavulin 16', 1, 'expected', null]]);
  const one = await call(t, 'GET', `/api/sell_requests/${answer.id}/`, undefined, { user: ann });
  assert.equal(one.json(), view);
});

test('a second user neither sees nor reaches another seller\'s request', async () => {
  assert.is((await call(t, 'GET', `/api/sell_requests/${sentId}/`, undefined, { user: bob })).statusCode, 404);
  assert.equal((await call(t, 'GET', '/api/sell_requests/', undefined, { user: bob })).json().results, []);
  assert.is((await call(t, 'GET', '/api/sell_requests/', undefined, { user: null })).statusCode, 401);
  assert.is((await call(t, 'GET', '/api/sell_requests/not-a-uuid/', undefined, { user: ann })).statusCode, 404);
});

test('drop items with a saved payout method: the store address and opening hours', async () => {
  const [method] = await t.ctx.db.selectFrom('payout_methods').select('id').where('user_id', '=', ann.id).execute();
  const res = await post(ann, 'new_items', body({ type: 'drop_items', payment_data: undefined, payment_id: method.id }));
  assert.is(res.statusCode, 201, res.body);
  const text = pdfText(res.json().file_data);
  for (const part of ['Dropping off your bottles', '14 Cask Lane, Edinburgh', 'Opening hours', 'Monday - Friday: 9:00 - 17:30', 'Saturday: 10:00 - 14:00']) {
    assert.ok(text.includes(part), `${part} in:\n${text}`);
  }
  // Another user's saved method is not the caller's: refused, nothing written.
  const before = await count('sell_requests');
  const other = await post(bob, 'new_items', body({ payment_data: undefined, payment_id: method.id }));
  assert.is(other.statusCode, 400);
  assert.equal(other.json(), { payment_id: ['Payout method not found.'] });
  assert.is(await count('sell_requests'), before);
});

test('courier collection: the date and box count in the PDF; weekend and past dates refused with the spec messages', async () => {
  const courier = (date: string) => body({ type: 'courier_collection', boxes: 3, insurance: true, pick_up_date: date });
  const res = await post(ann, 'new_items', courier('2026-11-25'));
  assert.is(res.statusCode, 201, res.body);
  const text = pdfText(res.json().file_data);
  for (const part of ['Courier collection', 'collect 3 boxes on Wednesday, 25 November 2026', 'Flat 2, 5 Still Road, Glasgow, G1 1AA, United Kingdom', 'The collection is insured.']) {
    assert.ok(text.includes(part), `${part} in:\n${text}`);
  }
  const view = (await call(t, 'GET', `/api/sell_requests/${res.json().id}/`, undefined, { user: ann })).json();
  assert.equal([view.type, view.pick_up_date, view.boxes], ['courier_collection', '2026-11-25', 3]);

  const before = [await count('sell_requests'), await count('payout_methods')];
  const weekend = await post(ann, 'new_items', courier('2026-11-28'));
  assert.is(weekend.statusCode, 400);
  assert.equal(weekend.json(), { pick_up_date: [PICK_UP_WEEKEND] });
  assert.equal((await post(ann, 'new_items', courier('2026-11-29'))).json(), { pick_up_date: [PICK_UP_WEEKEND] });
  assert.equal((await post(ann, 'new_items', courier('2026-11-23'))).json(), { pick_up_date: [PICK_UP_NOT_FUTURE] });
  assert.equal((await post(ann, 'new_items', courier('2026-11-20'))).json(), { pick_up_date: [PICK_UP_NOT_FUTURE] });
  assert.equal((await post(ann, 'new_items', body({ type: 'courier_collection' }))).json(), { boxes: ['This field is required'], pick_up_date: ['This field is required'] });
  assert.equal([await count('sell_requests'), await count('payout_methods')], before, 'bad input changes nothing');
});

test('bad input changes nothing: the body, the payout data, the auction deadline', async () => {
  const before = [await count('sell_requests'), await count('payout_methods')];
  const empty = await post(ann, 'new_items', { type: 'send_items' });
  assert.is(empty.statusCode, 400);
  assert.ok(empty.json().items && empty.json().address && empty.json().auction_id, empty.body);
  const badItem = await post(ann, 'new_items', body({ items: [{ title: '', quantity: 0 }] }));
  assert.ok(badItem.json()['items.0.title'] && badItem.json()['items.0.quantity'], badItem.body);
  const badAddress = await post(ann, 'new_items', body({ address: { ...ADDRESS, country: 'atlantis', city: 'G1!' } }));
  assert.equal(badAddress.json(), { 'address.country': ['Select a country from the list.'], 'address.city': ['Only letters, spaces, slashes or hyphens, 1 to 150'] });
  const badBank = await post(ann, 'new_items', body({ payment_data: { ...UK_BANK, sort_code_uk: '12-34', account_number_uk: '12' } }));
  assert.equal(badBank.json(), { 'payment_data.sort_code_uk': ['Enter the sort code as nn-nn-nn'], 'payment_data.account_number_uk': ['Account number must be 8 digits'] });
  assert.equal((await post(ann, 'new_items', body({ payment_data: undefined }))).json(), { payment_id: ['Choose a saved payout method or add one.'] });
  const late = await post(ann, 'new_items', body({ auction_id: closed.id }));
  assert.equal(late.json(), { auction_id: [SELL_MSG.deadlinePassed] });
  assert.equal((await post(ann, 'new_items', body({ auction_id: '00000000-0000-4000-8000-000000000000' }))).json(), { auction_id: ['Auction not found.'] });
  assert.equal((await post(ann, 'bogus', body())).statusCode, 400);
  assert.equal([await count('sell_requests'), await count('payout_methods')], before);
});

test('signed out: user_data registers the seller in the same step (the sign-up rules), or nothing is kept', async () => {
  const before = [await count('sell_requests'), await count('users'), await count('payout_methods')];
  assert.equal((await post(null, 'new_items', body())).json(), { user_data: ['Sign in, or fill in your details to create an account.'] });
  const user = { first_name: 'Iona', last_name: 'Reid', email: 'iona.seller@whisky.test', phone: '+44 7400 900123', birth_date: '1985-03-14',
    password: STRONG_PASSWORD, password2: STRONG_PASSWORD, terms_agreement: true };
  const bad = await post(null, 'new_items', body({ user_data: { ...user, email: 'nope', password2: 'other' } }));
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json()['user_data.email'] && bad.json()['user_data.password2'], bad.body);
  assert.equal([await count('sell_requests'), await count('users'), await count('payout_methods')], before);

  const res = await post(null, 'new_items', body({ user_data: user }));
  assert.is(res.statusCode, 201, res.body);
  const created = await t.ctx.db.selectFrom('users').select('id').where('email', '=', 'iona.seller@whisky.test').executeTakeFirstOrThrow();
  const row = await t.ctx.db.selectFrom('sell_requests').select('user_id').where('id', '=', res.json().id).executeTakeFirstOrThrow();
  assert.is(row.user_id, created.id);
  const again = await post(null, 'new_items', body({ user_data: user }));
  assert.is(again.statusCode, 400);
  assert.ok(again.json()['user_data.email'], again.body);
});

test('staff: list by status, receive with a condition note, consign (the lot is the seller\'s); others get 403', async () => {
  const [itemA, itemB] = (await call(t, 'GET', `/api/sell_requests/${sentId}/`, undefined, { user: ann })).json().items;
  const base = `/api/staff/sell_requests/${sentId}/items`;
  for (const [method, url] of [['GET', '/api/staff/sell_requests/'], ['POST', `${base}/${itemA.id}/receive/`], ['POST', `${base}/${itemA.id}/consign/`],
    ['POST', `/api/staff/lots/${itemA.id}/relist/`], ['POST', `/api/staff/lots/${itemA.id}/return/`]] as const) {
    assert.is((await call(t, method, url, method === 'POST' ? {} : undefined, { user: ann })).statusCode, 403, url);
  }
  const submitted = (await call(t, 'GET', '/api/staff/sell_requests/?status=submitted', undefined, { user: staff })).json().results;
  const mine = submitted.find((r: { id: string }) => r.id === sentId);
  assert.equal(mine.user, { id: ann.id, email: ann.email, first_name: 'Ann', last_name: 'User' });
  const springbank = mine.items.find((i: { title: string }) => i.title === 'Springbank 15');
  assert.equal([springbank.details.distillery, springbank.details.age, springbank.details.estimate_low_pence], ['Springbank', 15, 12_000], 'staff consign from what the seller described');

  const early = await call(t, 'POST', `${base}/${itemA.id}/consign/`, { auction_id: next.id }, { user: staff });
  assert.equal([early.statusCode, early.json().detail], [400, SELL_MSG.notReceived]);
  const received = await call(t, 'POST', `${base}/${itemA.id}/receive/`, { condition_note: 'Label slightly torn' }, { user: staff });
  assert.is(received.statusCode, 200, received.body);
  assert.is((await call(t, 'POST', `${base}/${itemA.id}/receive/`, {}, { user: staff })).statusCode, 409);
  assert.is((await call(t, 'POST', `/api/staff/sell_requests/${sentId}/items/00000000-0000-4000-8000-000000000000/receive/`, {}, { user: staff })).statusCode, 404);
  let view = (await call(t, 'GET', `/api/sell_requests/${sentId}/`, undefined, { user: ann })).json();
  assert.equal([view.status, view.items[0].status, view.items[0].condition_note], ['partly_received', 'received', 'Label slightly torn']);
  assert.is((await call(t, 'GET', '/api/staff/sell_requests/?status=partly_received', undefined, { user: staff })).json().results[0].id, sentId);

  const consigned = await call(t, 'POST', `${base}/${itemA.id}/consign/`, { auction_id: next.id, estimated_value: '140', reserve_price: '100', subtitle: '70cl, 46%' }, { user: staff });
  assert.is(consigned.statusCode, 201, consigned.body);
  const lotId = consigned.json().lot_id as string;
  const lot = await t.ctx.db.selectFrom('lots').select(['seller_id', 'title', 'auction_id', 'reserve_price_pence']).where('id', '=', lotId).executeTakeFirstOrThrow();
  assert.equal(lot, { seller_id: ann.id, title: 'Springbank 15', auction_id: next.id, reserve_price_pence: 10000 });
  const event = await sql<{ data: { by: string } }>`SELECT data FROM events WHERE type = 'SellRequestItemConsigned' AND data->>'lot_id' = ${lotId}`.execute(t.ctx.db);
  assert.is(event.rows[0].data.by, staff.id);
  view = (await call(t, 'GET', `/api/sell_requests/${sentId}/`, undefined, { user: ann })).json();
  assert.equal([view.items[0].status, view.items[0].lot_id, view.items[1].status, view.status], ['consigned', lotId, 'expected', 'partly_received']);
  assert.is((await call(t, 'POST', `${base}/${itemA.id}/consign/`, { auction_id: next.id }, { user: staff })).statusCode, 409);
  assert.is((await call(t, 'POST', `${base}/${itemB.id}/receive/`, {}, { user: bob })).statusCode, 403);
});

test('staff relist an unsold lot into a next auction, or return it; a sold lot neither', async () => {
  const unsold = await wonLot(t, null, { hammerPence: 8000, sellerId: ann.id, title: 'Talisker 18' });
  const relisted = await call(t, 'POST', `/api/staff/lots/${unsold.lotId}/relist/`, { auction_id: next.id }, { user: staff });
  assert.is(relisted.statusCode, 201, relisted.body);
  const lot = await t.ctx.db.selectFrom('lots').select(['seller_id', 'title', 'auction_id']).where('id', '=', relisted.json().lot_id).executeTakeFirstOrThrow();
  assert.equal(lot, { seller_id: ann.id, title: 'Talisker 18', auction_id: next.id });
  assert.is((await call(t, 'POST', `/api/staff/lots/${unsold.lotId}/relist/`, { auction_id: next.id }, { user: staff })).statusCode, 409);
  assert.is((await call(t, 'POST', `/api/staff/lots/${unsold.lotId}/return/`, {}, { user: staff })).statusCode, 409);

  const other = await wonLot(t, null, { hammerPence: 8000, sellerId: ann.id });
  const returned = await call(t, 'POST', `/api/staff/lots/${other.lotId}/return/`, { note: 'Collected by the seller' }, { user: staff });
  assert.is(returned.statusCode, 200, returned.body);
  const event = await sql<{ data: { by: string; note: string } }>`SELECT data FROM events WHERE type = 'UnsoldLotReturned' AND data->>'lot_id' = ${other.lotId}`.execute(t.ctx.db);
  assert.equal([event.rows[0].data.by, event.rows[0].data.note], [staff.id, 'Collected by the seller']);

  const sold = await wonLot(t, bob.id, { hammerPence: 8000, sellerId: ann.id });
  const refused = await call(t, 'POST', `/api/staff/lots/${sold.lotId}/relist/`, { auction_id: next.id }, { user: staff });
  assert.equal([refused.statusCode, refused.json().detail], [400, SELL_MSG.onlyUnsold]);
  assert.is((await call(t, 'POST', `/api/staff/lots/${sold.lotId}/relist/`, { auction_id: closed.id }, { user: staff })).statusCode, 400);
  assert.is((await call(t, 'POST', '/api/staff/lots/00000000-0000-4000-8000-000000000000/return/', {}, { user: staff })).statusCode, 404);
});

test('from storage: the bought bottles are relisted at once, leave storage, show as scheduled, and notify once', async () => {
  const bought = await wonLot(t, ann.id, { hammerPence: 25000, title: 'Ardbeg Uigeadail', sellerId: bob.id });
  await placeOrder(t, ann.id, [bought], { service: 'storage', paid: true, storedUntil: new Date(NOW.getTime() + 90 * DAY).toISOString() });
  const notMine = await post(bob, 'from_storage', { items: [bought.lotId], auction_id: next.id });
  assert.equal([notMine.statusCode, notMine.json()], [400, { items: [NOT_IN_STORAGE] }]);
  assert.equal((await post(ann, 'from_storage', { items: [bought.lotId], auction_id: closed.id })).json(), { auction_id: [SELL_MSG.deadlinePassed] });
  assert.is((await post(null, 'from_storage', { items: [bought.lotId], auction_id: next.id })).statusCode, 401);

  const res = await post(ann, 'from_storage', { items: [bought.lotId], auction_id: next.id });
  assert.is(res.statusCode, 201, res.body);
  const answer = res.json();
  assert.match(answer.reference, /^S-\d{6}$/);
  assert.is(answer.status, 'consigned');
  assert.is(answer.lots.length, 1);
  assert.is(answer.lots[0].title, 'Ardbeg Uigeadail');
  const newLot = answer.lots[0].lot_id as string;
  assert.not.equal(newLot, bought.lotId);

  const lot = await t.ctx.db.selectFrom('lots').select(['seller_id', 'title', 'subtitle', 'auction_id']).where('id', '=', newLot).executeTakeFirstOrThrow();
  assert.equal(lot, { seller_id: ann.id, title: 'Ardbeg Uigeadail', subtitle: '70cl, 43%', auction_id: next.id });
  const purchase = await t.ctx.db.selectFrom('lot_purchases').select(['in_storage']).where('lot_id', '=', bought.lotId).executeTakeFirstOrThrow();
  assert.is(purchase.in_storage, false);
  const scheduled = (await call(t, 'GET', '/api/sheduled_auction/', undefined, { user: ann })).json();
  assert.ok(scheduled.results.some((l: { id: string }) => l.id === newLot), JSON.stringify(scheduled));
  const view = (await call(t, 'GET', `/api/sell_requests/${answer.id}/`, undefined, { user: ann })).json();
  assert.equal([view.kind, view.type, view.status, view.items[0].lot_id, view.items[0].status], ['from_storage', null, 'consigned', newLot, 'consigned']);
  assert.is((await call(t, 'GET', `/api/sell_requests/${answer.id}/`, undefined, { user: bob })).statusCode, 404);

  const again = await post(ann, 'from_storage', { items: [bought.lotId], auction_id: next.id });
  assert.equal([again.statusCode, again.json()], [400, { items: [NOT_IN_STORAGE] }]);

  await t.ctx.projections.settle();
  const notes = await sql<{ n: number; text: string }>`SELECT count(*)::int AS n, max(text) AS text FROM notifications
    WHERE user_id = ${ann.id} AND template = 'relist_request_success'`.execute(t.ctx.db);
  assert.equal(notes.rows[0], { n: 1, text: 'Ardbeg Uigeadail will be relisted in the next auction' });
  await drainMail(t.ctx);
  const relistMails = async () => (await mailbox(t, ann.email)).filter((m) => m.subject === 'Your lot will be relisted').length;
  assert.is(await relistMails(), 1);

  // Processing again from the start and a rebuild add nothing: once, whatever replays the request's event.
  await sql`DELETE FROM projection_checkpoints WHERE name IN ('notifications', 'sell_requests', ${MAILER_NAME})`.execute(t.ctx.db);
  await t.ctx.projections.catchUp();
  await drainMail(t.ctx);
  const again2 = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ann.id} AND template = 'relist_request_success'`.execute(t.ctx.db);
  assert.is(again2.rows[0].n, 1);
  assert.is(await relistMails(), 1);
  for (const projection of [notificationsProjection, sellRequestsProjection]) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.tables.every((table) => table.equal), JSON.stringify(report.tables));
  }
});

test.run();
