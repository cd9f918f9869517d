import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { createOrder, draft, fundWallet, startOrderApp, wonLots } from '../orders/testing';
import { collectionProjection } from '../../projections/collection/projection';
import { consignLot, createAuction } from '../catalogue/testing/fixtures';
import { rebuildAndCompare } from '../../projections/rebuild';
import { drainWonLots } from './won-lots';

let t: TestApp;
let staff: TestUser, seller: TestUser, alice: TestUser, bob: TestUser;
const MISSING = '00000000-0000-4000-8000-000000000000';

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const json = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: TestUser, payload?: object, status = 200) => {
  const res = await req(method, url, user, payload);
  assert.is(res.statusCode, status, `${method} ${url}: ${res.body}`);
  return res.json();
};
const list = (user: TestUser, query = '') => json('GET', `/api/my-collection/${query}`, user);
const rows = () => t.ctx.db.selectFrom('collection_items').selectAll().orderBy('id').execute();

test.before(async () => {
  ({ t, staff, seller } = await startOrderApp());
  [alice, bob] = await Promise.all([createTestUser(t), createTestUser(t)]);
});
test.after(async () => t.close());

test('every call needs a signed-in user', async () => {
  for (const [method, url] of [
    ['GET', '/api/my-collection/'], ['POST', '/api/my-collection/add-item/'], ['PATCH', `/api/my-collection/${MISSING}/`],
    ['DELETE', `/api/my-collection/${MISSING}/`], ['POST', '/api/my-collection/remove/'], ['GET', '/api/my_collection_total/'],
    ['GET', '/api/my_collection_graph/'],
  ] as const) assert.is((await req(method, url, null, method === 'POST' || method === 'PATCH' ? {} : undefined)).statusCode, 401, url);
});

test('a won and paid lot joins the collection by itself, once, at the price paid; its value follows new hammer prices', async () => {
  const [lot] = await wonLots(t, staff, alice, seller, [{ hammer: 10_000 }]);
  await drainWonLots(t.ctx);
  assert.is((await list(alice)).count, 0, 'won but not paid: not yet');
  await fundWallet(t, alice, 20_000);
  const order = await createOrder(t, alice, 'collection', draft('UK_BANK', { used_from_wallet: '115.00' }));
  assert.is(order.statusCode, 201, order.body);
  assert.is(order.json().status, 'paid');
  await drainWonLots(t.ctx);
  await drainWonLots(t.ctx);
  const page = await list(alice);
  assert.is(page.count, 1);
  const item = page.results[0];
  assert.equal([item.source, item.lot_id, item.title, item.distillery, item.price_paid], ['won', lot!.id, 'Macallan 18', 'Macallan', '115.00']);
  assert.equal([item.estimated_auction_value, item.estimated_value_method, item.estimated_value_sales], ['100.00', 'same_item', 1]);
  assert.is(page.total_value, '100.00');
  assert.is((await list(bob)).count, 0, 'own data only');

  // Bob wins another bottle of the same whisky at £300: Alice's estimate is the median of the two results.
  await wonLots(t, staff, bob, seller, [{ hammer: 30_000 }]);
  const after = (await list(alice)).results[0];
  assert.equal([after.estimated_auction_value, after.estimated_value_sales], ['200.00', 2]);

  // Re-running the follower from scratch and re-applying the stream change nothing.
  await t.ctx.db.deleteFrom('projection_checkpoints' as never).where('name' as never, '=', 'collection-won-lots' as never).execute();
  await drainWonLots(t.ctx);
  const before = await rows();
  assert.is(before.length, 1);
  for (const e of await t.ctx.store.readStream(`collection-${alice.id}`)) await collectionProjection.apply(t.ctx.db, e);
  assert.equal(await rows(), before);
});

test('add from the catalogue and by hand, edit the price paid, list with search, ordering and paging', async () => {
  const found = await json('GET', '/api/item_list/?search=macallan&page=1&page_size=50', alice);
  const catalogueId = found.results[0].id;
  const fromCatalogue = await json('POST', '/api/my-collection/add-item/', alice, { item: catalogueId, price_paid: '180.50', date: '2025-12-24' }, 201);
  assert.equal([fromCatalogue.source, fromCatalogue.lot_id, fromCatalogue.price_paid, fromCatalogue.date], ['catalogue', catalogueId, '180.50', '2025-12-24']);
  assert.is(fromCatalogue.estimated_auction_value, '200.00');
  const manual = await json('POST', '/api/my-collection/add-item/', alice, {
    title: ' Springbank 15 ', distillery: 'Springbank', age: 15, volume_ml: 700, price_paid: 95, date: '01/02/2024',
  }, 201);
  assert.equal([manual.source, manual.title, manual.date, manual.price_paid], ['manual', 'Springbank 15', '2024-02-01', '95.00']);
  assert.equal([manual.estimated_auction_value, manual.estimated_value_method], ['95.00', 'price_paid']);
  const cask = await json('POST', '/api/my-collection/add-item/', alice, {
    title: 'Bunnahabhain 2014 cask', distillery: 'Bunnahabhain', type: 'cask', price_paid: '4000',
    date: '2024-05-01', cask: { cask_type: 'Hogshead', cask_number: '1234', bulk_litres: 200, abv: 55.5, regauge_date: '2025-01-10' },
  }, 201);
  assert.equal(cask.cask, { cask_type: 'Hogshead', cask_number: '1234', bulk_litres: 200, abv: 55.5, regauge_date: '2025-01-10', rla: 111 });

  const patched = await json('PATCH', `/api/my-collection/${manual.id}/`, alice, { price_paid: '120' });
  assert.equal([patched.price_paid, patched.estimated_auction_value], ['120.00', '120.00']);

  const all = await list(alice);
  assert.is(all.count, 4);
  assert.is(all.total_value, '4520.00'); // 200 + 200 + 120 + 4000
  assert.equal((await list(alice, '?search=springbank')).results.map((i: { id: string }) => i.id), [manual.id]);
  assert.equal((await list(alice, '?ordering=-estimated_auction_value&page_size=1')).results[0].id, cask.id);
  const paged = await list(alice, '?ordering=title&page=2&page_size=3');
  assert.equal([paged.count, paged.total_pages, paged.results.length, paged.results[0].title], [4, 2, 1, 'Springbank 15']);
  const total = await json('GET', '/api/my_collection_total/', alice);
  assert.equal(total, { count: 4, total_value: '4520.00', total_price_paid: '4415.50', gain: '104.50' });
  const graph = await json('GET', '/api/my_collection_graph/', alice);
  assert.is(graph.results[0].month, '2024-02');
  assert.is(graph.results.at(-1).value, total.total_value, 'the last point is the total');
  assert.is(graph.total_value, total.total_value);
});

test('bad input gets a clear error and changes nothing; another user\'s items are not found', async () => {
  const before = await rows();
  const mine = before.find((r) => r.user_id === alice.id)!.id;
  const cases: [string, string, object, number, object][] = [
    ['POST', '/api/my-collection/add-item/', { title: 'x', distillery: 'y', date: '2025-01-01' }, 400, { price_paid: ['This field is required.'] }],
    ['POST', '/api/my-collection/add-item/', { title: 'x', distillery: 'y', price_paid: 'ten', date: '2025-01-01' }, 400, { price_paid: ['Enter a valid amount, e.g. 125.50.'] }],
    ['POST', '/api/my-collection/add-item/', { price_paid: '1', date: '2025-01-01' }, 400, { title: ['This field is required.'], distillery: ['This field is required.'] }],
    ['POST', '/api/my-collection/add-item/', { title: 'x', distillery: 'y', price_paid: '1', date: '2025-02-30' }, 400, { date: ['Enter a valid date (YYYY-MM-DD).'] }],
    ['POST', '/api/my-collection/add-item/', { title: 'x', distillery: 'y', price_paid: '1', date: '2999-01-01' }, 400, { date: ['The date cannot be in the future.'] }],
    ['POST', '/api/my-collection/add-item/', { item: MISSING, price_paid: '1', date: '2025-01-01' }, 400, { item: ['Item not found.'] }],
    ['PATCH', `/api/my-collection/${mine}/`, { price_paid: '-5' }, 400, { price_paid: ['Enter a valid amount, e.g. 125.50.'] }],
    ['PATCH', `/api/my-collection/${mine}/`, { price_paid: '99999999' }, 400, { price_paid: ['Ensure this value is less than or equal to 10000000.'] }],
    ['POST', '/api/my-collection/remove/', { objects: [] }, 400, { objects: ['This field is required.'] }],
    ['POST', '/api/my-collection/remove/', { objects: ['nope'] }, 400, { objects: ['Enter valid item ids.'] }],
    ['POST', '/api/my-collection/remove/', { objects: [mine, MISSING] }, 404, { detail: 'Item not found.' }],
    ['GET', '/api/my-collection/?ordering=price', {}, 400, {}],
  ];
  for (const [method, url, body, status, answer] of cases) {
    const res = await req(method as 'POST', url, alice, method === 'GET' ? undefined : body);
    assert.is(res.statusCode, status, `${url} ${JSON.stringify(body)}: ${res.body}`);
    if (Object.keys(answer).length > 0) assert.equal(res.json(), answer, JSON.stringify(body));
  }
  // Bob cannot see, edit or remove Alice's items.
  assert.is((await req('PATCH', `/api/my-collection/${mine}/`, bob, { price_paid: '1' })).statusCode, 404);
  assert.is((await req('DELETE', `/api/my-collection/${mine}/`, bob)).statusCode, 404);
  assert.is((await req('POST', '/api/my-collection/remove/', bob, { objects: [mine] })).statusCode, 404);
  assert.is((await req('DELETE', '/api/my-collection/nope/', alice)).statusCode, 404);
  assert.equal(await rows(), before);
});

test('delete one, remove several: count and total follow; the graph keeps the past', async () => {
  const items = (await list(alice, '?ordering=title')).results as { id: string; title: string; estimated_auction_value: string }[];
  const one = await json('DELETE', `/api/my-collection/${items[0]!.id}/`, alice);
  assert.equal([one.removed, one.count, one.total_value], [[items[0]!.id], 3, '520.00']);
  const several = await json('POST', '/api/my-collection/remove/', alice, { objects: [items[1]!.id, items[2]!.id] });
  assert.equal([several.count, several.total_value], [1, '120.00']);
  assert.is((await req('DELETE', `/api/my-collection/${items[0]!.id}/`, alice)).statusCode, 404, 'already removed');
  const graph = await json('GET', '/api/my_collection_graph/', alice);
  assert.is(graph.results.at(-1).value, '120.00');
  assert.is((await json('GET', '/api/my_collection_total/', alice)).total_value, '120.00');
  const report = await rebuildAndCompare(t.ctx.db, collectionProjection);
  assert.ok(report.tables.every((table) => table.equal), 'the read model rebuilt from the events equals the live one');
});

test('cask lots: cask details and RLA on the lot, copied into the collection', async () => {
  const auction = await createAuction(t, staff);
  const details = { type: 'cask', title: 'Bunnahabhain 2014 Hogshead', distillery: { name: 'Bunnahabhain', region: 'Islay' }, volume_ml: null,
    cask_type: 'Hogshead', cask_number: '881', abv: 60.2, bulk_litres: 210.5, regauge_date: '2025-09-01' };
  const lot = await consignLot(t, staff, auction.id, seller.id, details as never);
  const item = (await json('GET', `/api/lots/${lot.id}/`, bob)).item;
  assert.equal([item.cask_type, item.cask_number, item.bulk_litres, item.abv, item.regauge_date, item.rla], ['Hogshead', '881', 210.5, 60.2, '2025-09-01', 126.72]);
  const bad = await req('POST', '/api/staff/lots/', staff, { auction: auction.id, seller: seller.id, ...details, regauge_date: '2025-13-01', estimated_value: '5000' });
  assert.is(bad.statusCode, 400, bad.body);
  const added = await json('POST', '/api/my-collection/add-item/', bob, { item: lot.id, price_paid: '5000', date: '2025-10-01' }, 201);
  assert.equal(added.cask, { cask_type: 'Hogshead', cask_number: '881', bulk_litres: 210.5, abv: 60.2, regauge_date: '2025-09-01', rla: 126.72 });
  assert.is(added.type, 'cask');
});

test.run();
