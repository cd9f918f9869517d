/**
 * Item alerts and keywords through the API, each with a second user who must never see or change the first one's,
 * then the interest query the notification engine uses, and the read model rebuilt from the events.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { consignLot, createAuction, getJson, startCatalogueTestApp } from '../catalogue/testing/fixtures';
import { itemKey } from '../../domain/alerts/item-key';
import { alertsProjection } from '../../projections/alerts/projection';
import { rebuildAndCompare } from '../../projections/rebuild';
import type { LotConsigned } from '../../domain/catalogue/lot/events';
import { usersInterestedIn } from './interest';

let t: TestApp;
let staff: TestUser, alice: TestUser, bob: TestUser, seller: TestUser;
let auctionId: string;
let lotId: string, groupLotId: string;
const ARDBEG = itemKey('Ardbeg', 'Ardbeg Uigeadail');
const MINI = itemKey('Laphroaig', 'Laphroaig Miniature');

const post = (user: TestUser | null, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: user ? bearer(user) : {}, payload: payload as object });
const follow = (user: TestUser | null, pk: unknown, status = true) => post(user, '/api/item_notification/', { pk, notification_status: status });
const followedIds = async (user: TestUser) => (await getJson(t, '/api/item_list_notification/?page_size=999', user)).results.map((i: { id: string }) => i.id);
const keywords = async (user: TestUser) => (await getJson(t, '/api/keyword/?limit=999', user)) as { count: number; results: { id: string; word: string }[] };
const addKeyword = (user: TestUser | null, word: unknown) => post(user, '/api/keyword/', { word });

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, alice, bob, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t), createTestUser(t)]);
  auctionId = (await createAuction(t, staff)).id;
  lotId = (await consignLot(t, staff, auctionId, seller.id, { title: 'Ardbeg Uigeadail', distillery: { name: 'Ardbeg', region: 'Islay' } })).id;
  groupLotId = (await consignLot(t, staff, auctionId, seller.id, {
    title: 'Islay set', distillery: { name: 'Various', region: 'Islay' },
    group_items: [{ title: 'Laphroaig Miniature', distillery: { name: 'Laphroaig', region: 'Islay' } }], is_group_lot: true,
  } as object)).id;
});
test.after(async () => t.close());

test('the calls need a signed-in user', async () => {
  assert.is((await follow(null, [ARDBEG])).statusCode, 401);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/item_list_notification/' })).statusCode, 401);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/keyword/' })).statusCode, 401);
  assert.is((await addKeyword(null, 'Ardbeg')).statusCode, 401);
  assert.is((await post(null, '/api/delete_keywords/', { pk: randomUUID() })).statusCode, 401);
});

test('the lot answer carries stable item keys', async () => {
  const lot = await getJson(t, `/api/lots/${lotId}/`, alice);
  assert.is(lot.item.id, ARDBEG);
  assert.is(lot.item.is_notification, false);
  const group = await getJson(t, `/api/lots/${groupLotId}/`, alice);
  assert.is(group.group_items[0].id, MINI);
});

test('following an item: flagged for that user only, listed, recorded once', async () => {
  const res = await follow(alice, [ARDBEG]);
  assert.is(res.statusCode, 200, res.body);
  assert.equal(res.json(), { notification: true, pk: [ARDBEG] });
  assert.is((await follow(alice, [ARDBEG])).statusCode, 200);
  assert.is((await getJson(t, `/api/lots/${lotId}/`, alice)).item.is_notification, true);
  assert.is((await getJson(t, `/api/lots/${lotId}/`, bob)).item.is_notification, false);
  assert.is((await getJson(t, `/api/lots/${lotId}/`)).item.is_notification, false);
  const list = await getJson(t, '/api/item_list_notification/?page_size=999', alice);
  assert.is(list.count, 1);
  assert.equal({ ...list.results[0], followed_at: undefined }, {
    id: ARDBEG, title: 'Ardbeg Uigeadail', distillery: { name: 'Ardbeg' }, is_notification: true, followed_at: undefined,
    last_lot: { id: lotId, slug: list.results[0].last_lot.slug },
  });
  assert.equal(await followedIds(bob), []);
  const events = await t.ctx.store.readStream(`alerts-${alice.id}`);
  assert.equal(events.map((e) => e.type), ['ItemFollowed']);
});

test('following a group item flags it on the group lot', async () => {
  assert.is((await follow(bob, MINI)).statusCode, 200, 'one id alone is accepted');
  const group = await getJson(t, `/api/lots/${groupLotId}/`, bob);
  assert.is(group.group_items[0].is_notification, true);
  assert.is(group.item.is_notification, false);
  assert.is((await getJson(t, `/api/lots/${groupLotId}/`, alice)).group_items[0].is_notification, false);
});

test('unfollowing changes only the caller\'s list', async () => {
  assert.is((await follow(bob, [ARDBEG], false)).statusCode, 200);
  assert.equal(await followedIds(alice), [ARDBEG]);
  const res = await follow(bob, [MINI], false);
  assert.equal(res.json(), { notification: false, pk: [MINI] });
  assert.equal(await followedIds(bob), []);
  assert.is((await follow(bob, [MINI])).statusCode, 200, 'followed again');
  assert.equal(await followedIds(bob), [MINI]);
});

test('bad follow input is refused and changes nothing', async () => {
  const before = (await t.ctx.store.readStream(`alerts-${alice.id}`)).length;
  const unknown = await follow(alice, [randomUUID()]);
  assert.is(unknown.statusCode, 404);
  assert.equal(unknown.json(), { detail: 'Item not found.' });
  assert.is((await follow(alice, [MINI, randomUUID()])).statusCode, 404, 'all or nothing');
  const empty = await follow(alice, []);
  assert.is(empty.statusCode, 400);
  assert.equal(empty.json(), { pk: ['Enter at least one item id.'] });
  assert.equal((await follow(alice, ['abc'])).json(), { 'pk.0': ['Enter valid item ids.'] });
  const noStatus = await post(alice, '/api/item_notification/', { pk: [MINI] });
  assert.equal(noStatus.json(), { notification_status: ['Must be true or false.'] });
  assert.is((await t.ctx.store.readStream(`alerts-${alice.id}`)).length, before);
  assert.equal(await followedIds(alice), [ARDBEG]);
});

test('keywords: added trimmed, listed, own only', async () => {
  const res = await addKeyword(alice, '  Port   Ellen ');
  assert.is(res.statusCode, 201, res.body);
  const kw = res.json();
  assert.is(kw.word, 'Port Ellen');
  assert.ok(/^[0-9a-f-]{36}$/.test(kw.id));
  assert.is((await addKeyword(alice, 'Brora')).statusCode, 201);
  const mine = await keywords(alice);
  assert.is(mine.count, 2);
  assert.equal(mine.results.map((k) => k.word), ['Port Ellen', 'Brora']);
  assert.equal(mine.results[0], { id: kw.id, word: 'Port Ellen' });
  assert.equal((await keywords(bob)).count, 0);
  assert.is((await addKeyword(bob, 'port ellen')).statusCode, 201, 'another user may have the same word');
});

test('bad keywords get a clear field error and change nothing', async () => {
  const cases: [unknown, string][] = [
    ['a', 'Ensure this field has at least 2 characters.'],
    ['   ', 'Ensure this field has at least 2 characters.'],
    ['x'.repeat(51), 'Ensure this field has no more than 50 characters.'],
    ['--', 'A keyword needs at least one letter or digit.'],
    [' PORT ELLEN ', 'You already have this keyword.'],
    [undefined, 'This field is required.'],
    [12, 'This field is required.'],
  ];
  for (const [word, message] of cases) {
    const res = await addKeyword(alice, word);
    assert.is(res.statusCode, 400, String(word));
    assert.equal(res.json(), { word: [message] }, String(word));
  }
  assert.is((await keywords(alice)).count, 2);
});

test('at most 100 keywords', async () => {
  const user = await createTestUser(t);
  for (let i = 0; i < 100; i++) assert.is((await addKeyword(user, `word ${i}`)).statusCode, 201);
  const res = await addKeyword(user, 'one too many');
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), { word: ['You can have at most 100 keywords. Delete one first.'] });
  assert.is((await getJson(t, '/api/keyword/?limit=10', user)).results.length, 10);
  assert.is((await keywords(user)).count, 100);
});

test('deleting a keyword: own only, another user\'s is 404', async () => {
  const [portEllen] = (await keywords(alice)).results;
  const theirs = await post(bob, '/api/delete_keywords/', { pk: portEllen!.id });
  assert.is(theirs.statusCode, 404);
  assert.equal(theirs.json(), { detail: 'Keyword not found.' });
  assert.is((await post(alice, '/api/delete_keywords/', { pk: 'abc' })).statusCode, 404);
  assert.is((await keywords(alice)).count, 2);
  const res = await post(alice, '/api/delete_keywords/', { pk: portEllen!.id });
  assert.is(res.statusCode, 200, res.body);
  assert.equal((await keywords(alice)).results.map((k) => k.word), ['Brora']);
  assert.is((await post(alice, '/api/delete_keywords/', { pk: portEllen!.id })).statusCode, 404, 'already gone');
  assert.is((await keywords(bob)).count, 1);
});

// ---- the interest query ----

function later(over: Partial<LotConsigned['data']> & { title?: string; distillery?: string; description?: string }): LotConsigned['data'] {
  const { title = 'Glenfarclas 25', distillery = 'Glenfarclas', description = 'A sherried dram.', ...rest } = over;
  return {
    lot_id: randomUUID(), auction_id: auctionId, seller_id: seller.id, reference_no: 'X1',
    item: {
      title, subtitle: '', description, distillery: { name: distillery, region: null }, estimated_value_pence: 10000, photos: [],
      type: 'bottle', age: null, volume_ml: 700, abv: 46, cask_type: null, cask_number: null, bottled_at: null, distilled_at: null,
    },
    reserve_price_pence: null, reserve_fee_pence: 0, opening_bid_pence: 1000, vat_enabled: false, warehouse: null,
    is_group_lot: false, group_items: [], custom_title: null, custom_subtitle: null, custom_description: null, featured: false,
    starts_at: '2026-01-01T00:00:00.000Z', ends_at: '2026-01-08T00:00:00.000Z', next_minimum_bid: 1000, consigned_by: staff.id,
    consigned_at: '2026-01-01T00:00:00.000Z', ...rest,
  };
}

let carol: TestUser, dave: TestUser;

test('interest: keyword in the title, the distillery, the description; whole words only', async () => {
  [carol, dave] = await Promise.all([createTestUser(t), createTestUser(t)]);
  for (const [u, w] of [[carol, 'Springbank'], [dave, 'smoky peat']] as const) assert.is((await addKeyword(u, w)).statusCode, 201);
  const users = async (lot: LotConsigned['data']) => (await usersInterestedIn(t.ctx.db, lot)).filter((i) => i.user_id === carol.id || i.user_id === dave.id);
  assert.equal(await users(later({ title: 'SPRINGBANK 21 year old' })), [{ user_id: carol.id, reason: 'keyword', word: 'Springbank' }]);
  assert.equal(await users(later({ distillery: 'Springbank' })), [{ user_id: carol.id, reason: 'keyword', word: 'Springbank' }]);
  assert.equal(await users(later({ description: 'Very smoky peat, from Springbank\'s old stock.' })).then((r) => r.map((i) => i.user_id).sort()), [carol.id, dave.id].sort());
  assert.equal(await users(later({ title: 'Springbanks', description: 'Peat, smoky.' })), [], 'no partial word, phrase words in order');
  assert.equal(await users(later({ custom_title: 'Springbank special' })), [{ user_id: carol.id, reason: 'keyword', word: 'Springbank' }]);
  assert.equal(await users(later({ title: 'Smoky', description: 'peat' })), [], 'a phrase never spans two fields');
  assert.equal(await users(later({})), []);
});

test('interest: followed item and group item, by any later lot of the same bottle', async () => {
  const found = await usersInterestedIn(t.ctx.db, later({ title: ' ardbeg  UIGEADAIL', distillery: 'ARDBEG' }));
  assert.equal(found.filter((i) => [alice.id, bob.id].includes(i.user_id)), [{ user_id: alice.id, reason: 'item' }]);
  const group = await usersInterestedIn(t.ctx.db, later({
    is_group_lot: true, group_items: [{ id: randomUUID(), title: 'Laphroaig Miniature', distillery: { name: 'Laphroaig', region: 'Islay' } }],
  }));
  assert.equal(group.filter((i) => [alice.id, bob.id].includes(i.user_id)), [{ user_id: bob.id, reason: 'item' }]);
});

test('interest: the seller is left out and a user matched twice comes once', async () => {
  assert.is((await addKeyword(alice, 'Uigeadail')).statusCode, 201);
  assert.is((await addKeyword(alice, 'Ardbeg')).statusCode, 201);
  const lot = later({ title: 'Ardbeg Uigeadail', distillery: 'Ardbeg' });
  const found = await usersInterestedIn(t.ctx.db, lot);
  assert.equal(found.filter((i) => i.user_id === alice.id), [{ user_id: alice.id, reason: 'item' }]);
  assert.equal(new Set(found.map((i) => i.user_id)).size, found.length);
  assert.equal((await usersInterestedIn(t.ctx.db, { ...lot, seller_id: alice.id })).filter((i) => i.user_id === alice.id), []);
  assert.is((await follow(alice, [ARDBEG], false)).statusCode, 200);
  const byWords = (await usersInterestedIn(t.ctx.db, lot)).filter((i) => i.user_id === alice.id);
  assert.equal(byWords, [{ user_id: alice.id, reason: 'keyword', word: 'Uigeadail' }], 'once, by the oldest matching keyword');
});

test('the alerts read model rebuilt from the events equals the live one', async () => {
  await t.ctx.projections.stop();
  const report = await rebuildAndCompare(t.ctx.db, alertsProjection);
  assert.equal(report.tables.filter((x) => !x.equal).map((x) => x.table), []);
  assert.ok(report.tables.every((x) => x.rows > 0));
});

test.run();
