import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { consignLot, createAuction, getJson, startCatalogueTestApp } from './testing/fixtures';

let t: TestApp;
let staff: TestUser, alice: TestUser, bob: TestUser;
let lot1: string, lot2: string;

const add = (user: TestUser | null, lot: string) =>
  t.app.inject({ method: 'POST', url: `/api/add_to_watching_list/?lot=${lot}`, headers: user ? bearer(user) : {} });
const remove = (user: TestUser | null, lot: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/delete_watching_list/?lot=${lot}`, headers: user ? bearer(user) : {} });
const listIds = async (user: TestUser) => (await getJson(t, '/api/lots_from_watching_list/', user)).results.map((l: { id: string }) => l.id);

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, alice, bob] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t)]);
  const auction = await createAuction(t, staff);
  lot1 = (await consignLot(t, staff, auction.id, staff.id, { ends_at: new Date(Date.parse(auction.end_date) - 1000).toISOString() })).id;
  lot2 = (await consignLot(t, staff, auction.id, staff.id)).id;
});
test.after(async () => t.close());

test('the watching list needs a signed-in user', async () => {
  assert.is((await add(null, lot1)).statusCode, 401);
  assert.is((await remove(null, lot1)).statusCode, 401);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/lots_from_watching_list/' })).statusCode, 401);
});

test('adding a lot: listed, flagged is_watched for that user only, recorded once', async () => {
  const res = await add(alice, lot1);
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.json().is_watched, true);
  assert.is((await add(alice, lot1)).statusCode, 200);
  assert.is((await add(alice, lot2)).statusCode, 200);
  assert.equal(await listIds(alice), [lot1, lot2], 'soonest ending first');
  assert.equal(await listIds(bob), []);
  assert.is((await getJson(t, `/api/lots/${lot1}/`, alice)).is_watched, true);
  assert.is((await getJson(t, `/api/lots/${lot1}/`, bob)).is_watched, false);
  const events = await t.ctx.store.readStream(`watching-${alice.id}`);
  assert.equal(events.map((e) => e.type), ['WatchingListLotAdded', 'WatchingListLotAdded']);
});

test('a user removes only from their own list', async () => {
  assert.is((await remove(bob, lot1)).statusCode, 200);
  assert.equal(await listIds(alice), [lot1, lot2]);
  const res = await remove(alice, lot1);
  assert.is(res.statusCode, 200);
  assert.is(res.json().is_watched, false);
  assert.equal(await listIds(alice), [lot2]);
  assert.is((await getJson(t, `/api/lots/${lot1}/`, alice)).is_watched, false);
  assert.is((await add(alice, lot1)).statusCode, 200);
  assert.equal(await listIds(alice), [lot1, lot2], 'a removed lot can be watched again');
});

test('unknown or malformed lots are 404', async () => {
  assert.is((await add(alice, '00000000-0000-4000-8000-000000000000')).statusCode, 404);
  assert.is((await add(alice, 'abc')).statusCode, 404);
  assert.is((await t.app.inject({ method: 'POST', url: '/api/add_to_watching_list/', headers: bearer(alice) })).statusCode, 404);
});

test.run();
