import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp } from '../catalogue/testing/fixtures';
import { pdfText } from '../wallet/testing';
import { HOUSE_NAME } from '../../infra/config/house-settings';
import { lotNotesProjection } from '../../projections/account-area/lot-notes-projection';
import { LOT_NOTE_MAX_LENGTH } from '../../domain/account-area/lot-notes/rules';

let t: TestApp;
let staff: TestUser, alice: TestUser, bob: TestUser;
let lot1: string, lot2: string, lot3: string;
const HOUR = 3_600_000;
const MISSING = '00000000-0000-4000-8000-000000000000';

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const watch = async (user: TestUser, lot: string) => assert.is((await req('POST', `/api/add_to_watching_list/?lot=${lot}`, user)).statusCode, 200);
const watchedIds = async (user: TestUser) => (await getJson(t, '/api/lots_from_watching_list/', user)).results.map((l: { id: string }) => l.id);
const noteRows = async () => t.ctx.db.selectFrom('lot_notes').selectAll().orderBy('created_at').execute();

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, alice, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
  const auction = await createAuction(t, staff);
  lot1 = (await consignLot(t, staff, auction.id, staff.id, { title: 'Macallan 18 Sherry Oak' })).id;
  lot2 = (await consignLot(t, staff, auction.id, staff.id, { title: 'Ardbeg Uigeadail', distillery: { name: 'Ardbeg', region: 'Islay' } })).id;
  lot3 = (await consignLot(t, staff, auction.id, staff.id, { title: 'Springbank 10', distillery: { name: 'Springbank', region: 'Campbeltown' } })).id;
});
test.after(async () => t.close());

test('every call needs a signed-in user (item_list is public catalogue data)', async () => {
  for (const [method, url] of [
    ['POST', '/api/lot_notes/'], ['PATCH', `/api/lot_notes/${MISSING}/`], ['GET', `/api/lot_notes/?lot=${lot1}`],
    ['GET', '/api/recently_viewed_lots/'], ['GET', '/api/dashboard_lots/current_auction/'], ['GET', '/api/dashboard_lots/most_recent_auction/'],
    ['DELETE', '/api/delete_watching_list/'], ['GET', '/api/create_lots_pdf/'],
  ] as const) assert.is((await req(method, url, null, method === 'GET' || method === 'DELETE' ? undefined : { text: 'x', lot: lot1 })).statusCode, 401, url);
  assert.is((await req('GET', '/api/item_list/', null)).statusCode, 200);
});

test('lot notes: create, one per user per lot, edit own only, shown on the lot page to its author only', async () => {
  const created = await req('POST', '/api/lot_notes/', alice, { text: '  Bid up to £300 ', lot: lot1, user: null });
  assert.is(created.statusCode, 201, created.body);
  const note = created.json();
  assert.equal({ text: note.text, lot: note.lot, user: note.user }, { text: 'Bid up to £300', lot: lot1, user: alice.id });
  assert.ok(note.id && note.created_at && note.updated_at);

  t.clock.advance(60_000);
  const again = await req('POST', '/api/lot_notes/', alice, { text: 'Bid up to £350', lot: lot1, user: null });
  assert.is(again.statusCode, 200, 'a second note on the same lot updates the first');
  assert.is(again.json().id, note.id);
  assert.is(again.json().text, 'Bid up to £350');
  assert.is((await noteRows()).length, 1);

  const patched = await req('PATCH', `/api/lot_notes/${note.id}/`, alice, { text: 'Skip it' });
  assert.is(patched.statusCode, 200, patched.body);
  assert.is(patched.json().text, 'Skip it');
  assert.is((await getJson(t, `/api/lot_notes/?lot=${lot1}`, alice)).note.text, 'Skip it');

  // Bob: cannot see or edit Alice's note; his own note on the same lot is separate.
  assert.is((await req('PATCH', `/api/lot_notes/${note.id}/`, bob, { text: 'mine now' })).statusCode, 404);
  assert.equal(await getJson(t, `/api/lot_notes/?lot=${lot1}`, bob), { note: null });
  assert.is((await getJson(t, `/api/lots/${lot1}/`, bob)).note, null);
  const lotForAlice = await getJson(t, `/api/lots/${lot1}/`, alice);
  assert.equal(lotForAlice.note, { id: note.id, text: 'Skip it', updated_at: patched.json().updated_at });
  assert.is((await getJson(t, `/api/lots/${lot1}/`)).note, null, 'anonymous');
  assert.is((await req('POST', '/api/lot_notes/', bob, { text: 'Bob thinks', lot: lot1, user: null })).statusCode, 201);
  assert.is((await getJson(t, `/api/lot_notes/?lot=${lot1}`, alice)).note.text, 'Skip it');
  const events = await t.ctx.store.readStream(`lot-notes-${alice.id}`);
  assert.equal(events.map((e) => e.type), ['LotNoteWritten', 'LotNoteEdited', 'LotNoteEdited']);
  // The projection is idempotent: re-applying the whole stream (older events included) changes nothing.
  const rows = await noteRows();
  for (const e of events) await lotNotesProjection.apply(t.ctx.db, e);
  assert.equal(await noteRows(), rows);
});

test('lot notes: bad input is refused with a clear error and changes nothing', async () => {
  const before = await noteRows();
  const cases: [string, object, number, object][] = [
    ['blank', { text: '   ', lot: lot2, user: null }, 400, { text: ['This field is required.'] }],
    ['missing text', { lot: lot2 }, 400, { text: ['This field is required.'] }],
    ['too long', { text: 'x'.repeat(LOT_NOTE_MAX_LENGTH + 1), lot: lot2 }, 400, { text: [`Ensure this field has no more than ${LOT_NOTE_MAX_LENGTH} characters.`] }],
    ['someone else as user', { text: 'hi', lot: lot2, user: bob.id }, 400, { user: ['Leave user empty: the note is always yours.'] }],
    ['malformed lot', { text: 'hi', lot: 'abc' }, 400, { lot: ['Lot not found.'] }],
    ['unknown lot', { text: 'hi', lot: MISSING }, 404, { detail: 'Lot not found.' }],
  ];
  for (const [name, body, status, answer] of cases) {
    const res = await req('POST', '/api/lot_notes/', alice, body);
    assert.is(res.statusCode, status, `${name}: ${res.body}`);
    assert.equal(res.json(), answer, name);
  }
  const note = before.find((n) => n.user_id === alice.id)!;
  assert.equal((await req('PATCH', `/api/lot_notes/${note.id}/`, alice, { text: '' })).json(), { text: ['This field is required.'] });
  assert.is((await req('PATCH', `/api/lot_notes/${MISSING}/`, alice, { text: 'hi' })).statusCode, 404);
  assert.is((await req('PATCH', '/api/lot_notes/nope/', alice, { text: 'hi' })).statusCode, 404);
  assert.is((await req('GET', '/api/lot_notes/?lot=nope', alice)).statusCode, 400);
  assert.equal(await noteRows(), before);
});

test('recently viewed: newest first, distinct, the last 20, own views only', async () => {
  const auction = await createAuction(t, staff, { startOffsetMs: -2 * HOUR });
  const many: string[] = [];
  for (let i = 0; i < 22; i++) many.push((await consignLot(t, staff, auction.id, staff.id, { title: `Filler ${i}` })).id);
  const view = async (user: TestUser, lot: string) => { await getJson(t, `/api/lots/${lot}/`, user); };
  for (const id of many) await view(bob, id);
  await view(bob, many[5]!); // seen again: moves to the front, listed once
  const res = await getJson(t, '/api/recently_viewed_lots/', bob);
  const ids = res.results.map((l: { id: string }) => l.id);
  const expected = [many[5], ...many.slice(6).reverse(), many[4], many[3], many[2]];
  assert.is(expected.length, 20);
  assert.equal(ids, expected);
  assert.is(res.count, 20);
  assert.ok(res.results[0].bid_stats && res.results[0].item, 'the lot list shape');
  const rows = await t.ctx.db.selectFrom('recently_viewed_lots').select('lot_id').where('user_id', '=', bob.id).execute();
  assert.ok(rows.length <= 21, `kept small: ${rows.length}`);
  // Alice only viewed lot1; anonymous views are not recorded anywhere.
  assert.equal((await getJson(t, '/api/recently_viewed_lots/', alice)).results.map((l: { id: string }) => l.id), [lot1]);
});

test('dashboard: the caller\'s lots in the live auction and in the most recently finished one, with counts', async () => {
  // Live auction (the first one): alice bids lot2 and is outbid by bob, leads lot3, watches lot1.
  await placeBid(t, lot2, alice.id, 5_000);
  await placeBid(t, lot2, bob.id, 9_000);
  await placeBid(t, lot3, alice.id, 4_000);
  await watch(alice, lot1);
  const current = await getJson(t, '/api/dashboard_lots/current_auction/', alice);
  assert.ok(current.auction && current.auction.status === 'live');
  const states = Object.fromEntries(current.results.map((l: { id: string; dashboard_state: string }) => [l.id, l.dashboard_state]));
  assert.equal(states, { [lot1]: 'watching', [lot2]: 'outbid', [lot3]: 'winning' });
  assert.equal(current.counts, { total: 3, winning: 1, outbid: 1, won: 0, lost: 0, watching: 1 });
  assert.is(current.count, 3);
  const bobs = await getJson(t, '/api/dashboard_lots/current_auction/', bob);
  assert.equal(bobs.results.map((l: { id: string }) => l.id), [lot2], 'only the caller\'s own lots');
  const page = await getJson(t, '/api/dashboard_lots/current_auction/?page=2&page_size=2', alice);
  assert.is(page.results.length, 1);
  assert.is(page.counts.total, 3, 'counts describe every lot, not the page');
  assert.is((await req('GET', '/api/dashboard_lots/current_auction/?page=0', alice)).statusCode, 400);
  assert.equal((await getJson(t, '/api/dashboard_lots/most_recent_auction/', alice)).auction, null);

  // A separate, already ended auction: alice wins one lot and loses another.
  const past = await createAuction(t, staff, { startOffsetMs: -3 * HOUR, lengthMs: 3 * HOUR + 60_000 });
  const a = (await consignLot(t, staff, past.id, staff.id, { title: 'Won one' })).id;
  const b = (await consignLot(t, staff, past.id, staff.id, { title: 'Lost one' })).id;
  await placeBid(t, a, alice.id, 6_000);
  await placeBid(t, b, alice.id, 3_000);
  await placeBid(t, b, bob.id, 8_000);
  t.clock.advance(3 * 60_000); // past its end (a short move: access tokens would expire on a long one)
  await closeLot(t, a);
  await closeLot(t, b);
  await finishAuction(t, past.id);
  const recent = await getJson(t, '/api/dashboard_lots/most_recent_auction/', alice);
  assert.is(recent.auction.id, past.id);
  assert.equal(recent.counts, { total: 2, winning: 0, outbid: 0, won: 1, lost: 1, watching: 0 });
  assert.is(recent.total_amount, recent.results.find((l: { id: string }) => l.id === a).hammer_price);
  assert.is((await getJson(t, '/api/dashboard_lots/most_recent_auction/', bob)).counts.won, 1);
});

test('watching list PDF: a real PDF listing the caller\'s lots, bids and end times', async () => {
  const res = await getJson(t, '/api/create_lots_pdf/', alice);
  assert.is(res.mime_type, 'application/pdf');
  assert.match(res.filename, /^watching-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = pdfText(res.file);
  assert.ok(text.includes(HOUSE_NAME), text);
  assert.ok(text.includes('Watching list'));
  assert.ok(text.includes('Macallan 18 Sherry Oak'), text);
  assert.ok(text.includes('Opening bid'), text);
  assert.ok(/Ends: \d{1,2} \w{3} 20\d\d/.test(text), text);
  assert.not.ok(text.includes('Ardbeg'), 'only watched lots');
  await watch(alice, lot2);
  const withBids = pdfText((await getJson(t, '/api/create_lots_pdf/', alice)).file);
  assert.ok(withBids.includes('Current bid: £'), withBids);
  assert.ok(withBids.includes('Your max bid: £50.00'), withBids);
  const bobs = pdfText((await getJson(t, '/api/create_lots_pdf/', bob)).file);
  assert.ok(bobs.includes('Your watching list is empty.'), bobs);
});

test('delete_watching_list: one lot with ?lot=, or the whole list; only the caller\'s', async () => {
  await watch(bob, lot1);
  await watch(alice, lot3);
  assert.equal((await watchedIds(alice)).sort(), [lot1, lot2, lot3].sort());
  const one = await req('DELETE', `/api/delete_watching_list/?lot=${lot3}`, alice);
  assert.equal(one.json(), { detail: 'The lot was removed from your watching list.', lot: lot3, is_watched: false });
  assert.is((await req('DELETE', '/api/delete_watching_list/?lot=abc', alice)).statusCode, 404);
  assert.equal((await watchedIds(alice)).sort(), [lot1, lot2].sort());
  const all = await req('DELETE', '/api/delete_watching_list/', alice);
  assert.equal(all.json(), { detail: 'Your watching list is empty.', removed: 2 });
  assert.equal(await watchedIds(alice), []);
  assert.equal(await watchedIds(bob), [lot1], 'another user\'s list is untouched');
  assert.equal((await req('DELETE', '/api/delete_watching_list/', alice)).json().removed, 0, 'clearing an empty list changes nothing');
  const events = (await t.ctx.store.readStream(`watching-${alice.id}`)).map((e) => e.type);
  assert.is(events.filter((e) => e === 'WatchingListLotRemoved').length, 3);
});

test('item_list: search, ids (joined or repeated), paging, bad ids refused', async () => {
  const found = await getJson(t, '/api/item_list/?search=ardbeg&page=1&page_size=50');
  assert.equal(found.results.map((i: { id: string }) => i.id), [lot2]);
  assert.equal(found.results[0].distillery.name, 'Ardbeg');
  assert.equal(found.results[0].lot.id, lot2);
  const byIds = await getJson(t, `/api/item_list/?id=${lot1},${lot3}`);
  assert.equal(byIds.results.map((i: { id: string }) => i.id).sort(), [lot1, lot3].sort());
  const repeated = await getJson(t, `/api/item_list/?id=${lot1}&id=${lot2}`);
  assert.is(repeated.count, 2);
  assert.is((await getJson(t, '/api/item_list/?search=100%25')).count, 0, '% is literal');
  const paged = await getJson(t, '/api/item_list/?search=filler&page=2&page_size=5');
  assert.is(paged.count, 22);
  assert.is(paged.results.length, 5);
  const bad = await req('GET', '/api/item_list/?id=nope', null);
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json(), { id: ['Enter valid item ids.'] });
});

test.run();
