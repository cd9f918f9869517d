import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp } from './testing/fixtures';

const DAY = 86_400_000;
let t: TestApp;
let staff: TestUser, seller: TestUser;
const ids: Record<string, string> = {};
let past: { id: string; end_date: string };
let live: { id: string };

type LotOut = { id: string; item: { title: string }; status: string; hammer_price: string | null; bid_stats: { current_bid: string | null } };
const titles = (page: { results: LotOut[] }) => page.results.map((l) => l.item.title);

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t)]);
  const t0 = t.clock.now().getTime();

  past = await createAuction(t, staff, { startOffsetMs: -30 * DAY, lengthMs: 7 * DAY });
  ids.lagavulin = (await consignLot(t, staff, past.id, seller.id, { title: 'Lagavulin 16', distillery: { name: 'Lagavulin', region: 'Islay' } })).id;
  ids.yamazaki = (await consignLot(t, staff, past.id, seller.id, { title: 'Yamazaki 12', distillery: { name: 'Yamazaki', region: 'Japan' }, reserve_price: '500' })).id;
  t.clock.set(new Date(t0 - 25 * DAY));
  await placeBid(t, ids.lagavulin, 'bidder-1', 9_000);
  await placeBid(t, ids.yamazaki, 'bidder-1', 9_000);
  t.clock.set(new Date(Date.parse(past.end_date) + 1000));
  await closeLot(t, ids.lagavulin);
  await closeLot(t, ids.yamazaki);
  await finishAuction(t, past.id);
  t.clock.set(new Date(t0));

  live = await createAuction(t, staff);
  ids.macallan = (await consignLot(t, staff, live.id, seller.id, { title: 'Macallan 18', distillery: { name: 'Macallan', region: 'Speyside' } })).id;
  ids.ardbeg = (await consignLot(t, staff, live.id, seller.id, { title: 'Ardbeg 10', distillery: { name: 'Ardbeg', region: 'Islay' }, vat_enabled: true })).id;
  ids.glenfarclas = (await consignLot(t, staff, live.id, seller.id, { title: 'Glenfarclas 1990 Cask', distillery: { name: 'Glenfarclas', region: 'Speyside' }, type: 'cask' })).id;
  ids.kavalan = (await consignLot(t, staff, live.id, seller.id, { title: 'kavalan Solist', distillery: { name: 'Kavalan', region: null } })).id;
  ids.springbank = (await consignLot(t, staff, live.id, seller.id, { title: 'Springbank 15', distillery: { name: 'Springbank', region: 'Campbeltown' }, featured: true })).id;
  ids.ended = (await consignLot(t, staff, live.id, seller.id, { title: 'Bunnahabhain 12', distillery: { name: 'Bunnahabhain', region: 'Islay' }, ends_at: new Date(t0 - 60_000).toISOString() })).id;
  await placeBid(t, ids.ardbeg, 'bidder-1', 5_000);
  await placeBid(t, ids.ardbeg, 'bidder-2', 5_000); // equal maximum: the earlier keeps it at £50
  await placeBid(t, ids.glenfarclas, 'bidder-1', 8_000);
  await placeBid(t, ids.glenfarclas, 'bidder-2', 12_000); // £85: the runner-up's £80 plus a £5 step

  const next = await createAuction(t, staff, { startOffsetMs: 10 * DAY });
  ids.next = (await consignLot(t, staff, next.id, seller.id, { title: 'Talisker 18', distillery: { name: 'Talisker', region: 'Islands' } })).id;
});
test.after(async () => t.close());

test('live lists the live auction\'s lots, highest price first by default', async () => {
  const page = await getJson(t, '/api/lots/filters/?live=true');
  assert.is(page.count, 6);
  assert.is(page.total_pages, 1);
  assert.equal(titles(page).slice(0, 2), ['Glenfarclas 1990 Cask', 'Ardbeg 10']);
  assert.is(page.results[1].bid_stats.current_bid, '50.00');
});

test('past lists closed lots of finished auctions with their outcome', async () => {
  const page = await getJson(t, '/api/lots/filters/?past=true&ordering=name');
  assert.equal(titles(page), ['Lagavulin 16', 'Yamazaki 12']);
  assert.equal(page.results.map((l: LotOut) => [l.status, l.hammer_price]), [['sold', '10.00'], ['unsold', null]]);
  assert.is(page.results[1].bid_stats.current_bid, '10.00', 'the last price of an unsold lot');
});

test('the six orderings', async () => {
  const order = async (o: string) => titles(await getJson(t, `/api/lots/filters/?live=true&ordering=${o}`));
  assert.equal(await order('name'), ['Ardbeg 10', 'Bunnahabhain 12', 'Glenfarclas 1990 Cask', 'kavalan Solist', 'Macallan 18', 'Springbank 15']);
  assert.equal(await order('-name'), ['Springbank 15', 'Macallan 18', 'kavalan Solist', 'Glenfarclas 1990 Cask', 'Bunnahabhain 12', 'Ardbeg 10']);
  assert.equal(await order('id'), ['Macallan 18', 'Ardbeg 10', 'Glenfarclas 1990 Cask', 'kavalan Solist', 'Springbank 15', 'Bunnahabhain 12']);
  assert.equal(await order('-id'), ['Bunnahabhain 12', 'Springbank 15', 'kavalan Solist', 'Glenfarclas 1990 Cask', 'Ardbeg 10', 'Macallan 18']);
  assert.equal((await order('price')).slice(-2), ['Ardbeg 10', 'Glenfarclas 1990 Cask']);
  assert.equal((await order('-price')).slice(0, 2), ['Glenfarclas 1990 Cask', 'Ardbeg 10']);
  const bad = await t.app.inject({ method: 'GET', url: '/api/lots/filters/?ordering=cheapest' });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().ordering);
});

test('repeated keys filter by several values; a missing region is "Rest of World"', async () => {
  assert.equal(titles(await getJson(t, '/api/lots/filters/?live=true&ordering=name&distillery=Macallan&distillery=Ardbeg')), ['Ardbeg 10', 'Macallan 18']);
  assert.equal(titles(await getJson(t, '/api/lots/filters/?live=true&region=Rest%20of%20World')), ['kavalan Solist']);
  assert.equal(titles(await getJson(t, '/api/lots/filters/?live=true&ordering=name&region=Rest%20of%20World&region=Campbeltown')), ['kavalan Solist', 'Springbank 15']);
  assert.equal(titles(await getJson(t, '/api/lots/filters/?live=true&type=cask')), ['Glenfarclas 1990 Cask']);
  assert.is((await t.app.inject({ method: 'GET', url: '/api/lots/filters/?type=keg' })).statusCode, 400);
});

test('still_on_bidding leaves out lots that have ended; vat_enabled=false leaves out VAT lots', async () => {
  const onBidding = titles(await getJson(t, '/api/lots/filters/?live=true&still_on_bidding=true'));
  assert.is(onBidding.length, 5);
  assert.not.ok(onBidding.includes('Bunnahabhain 12'));
  const noVat = titles(await getJson(t, '/api/lots/filters/?live=true&vat_enabled=false'));
  assert.is(noVat.length, 5);
  assert.not.ok(noVat.includes('Ardbeg 10'));
  assert.is((await getJson(t, '/api/lots/filters/?live=true&vat_enabled=true')).count, 6);
});

test('end date range (days inclusive), auction and year filters', async () => {
  const endDay = past.end_date.slice(0, 10);
  assert.is((await getJson(t, `/api/lots/filters/?past=true&min_end_date=${endDay}&max_end_date=${endDay}`)).count, 2);
  assert.is((await getJson(t, `/api/lots/filters/?past=true&max_end_date=2026-10-01`)).count, 0);
  assert.is((await getJson(t, `/api/lots/filters/?min_end_date=2026-11-22`)).count, 6, 'live lots (5 still running) and the next auction\'s lot');
  const bad = await t.app.inject({ method: 'GET', url: '/api/lots/filters/?min_end_date=yesterday' });
  assert.is(bad.statusCode, 400);
  assert.ok(bad.json().min_end_date);
  assert.equal(titles(await getJson(t, `/api/lots/filters/?auction=${past.id}&ordering=name`)), ['Lagavulin 16', 'Yamazaki 12']);
  assert.is((await getJson(t, '/api/lots/filters/?year=2026')).count, 9);
  assert.is((await getJson(t, '/api/lots/filters/?year=2025')).count, 0);
});

test('listing page sizes are 40, 80, 100 or 120; pages past the end are empty', async () => {
  for (const size of [40, 80, 100, 120]) assert.is((await getJson(t, `/api/lots/filters/?page_size=${size}`)).count, 9);
  const bad = await t.app.inject({ method: 'GET', url: '/api/lots/filters/?page_size=50' });
  assert.is(bad.statusCode, 400);
  assert.equal(bad.json(), { page_size: ['Choose a page size of 40, 80, 100 or 120.'] });
  const beyond = await getJson(t, '/api/lots/filters/?page=2');
  assert.equal([beyond.count, beyond.results.length, beyond.next], [9, 0, null]);
  assert.match(beyond.previous, /page=1/);
});

test('GET /api/lots/ pages with any size and links to the next page', async () => {
  const first = await getJson(t, '/api/lots/?live=true&page_size=4&ordering=id');
  assert.equal([first.count, first.total_pages, first.results.length], [6, 2, 4]);
  assert.match(first.next, /^\/api\/lots\/\?.*page=2/);
  const second = await getJson(t, first.next);
  assert.equal(titles(second), ['Springbank 15', 'Bunnahabhain 12']);
  const featured = await getJson(t, '/api/lots/?featured=true&live=true&page_size=6');
  assert.equal(titles(featured), ['Springbank 15']);
});

test('filter counters count each facet under the other filters', async () => {
  const c = await getJson(t, '/api/lots/filters/filter_counters/?live=true&distillery=Macallan');
  assert.equal(c.distillery, [
    { value: 'Ardbeg', count: 1 }, { value: 'Bunnahabhain', count: 1 }, { value: 'Glenfarclas', count: 1 },
    { value: 'Kavalan', count: 1 }, { value: 'Macallan', count: 1 }, { value: 'Springbank', count: 1 },
  ]);
  assert.equal(c.region, [{ value: 'Speyside', count: 1 }]);
  assert.equal(c.type, [{ value: 'bottle', count: 1 }]);
  assert.equal(c.vat_enabled, { true: 0, false: 1 });

  const all = await getJson(t, '/api/lots/filters/filter_counters/?live=true&vat_enabled=false&region=Islay');
  assert.equal(all.region, [
    { value: 'Campbeltown', count: 1 }, { value: 'Islay', count: 1 }, { value: 'Speyside', count: 2 }, { value: 'Rest of World', count: 1 },
  ]);
  assert.equal(all.vat_enabled, { true: 1, false: 1 }, 'the VAT facet ignores its own filter');
  assert.equal(all.type, [{ value: 'bottle', count: 1 }]);

  const inline = await getJson(t, '/api/lots/filters/?live=true&filter_counters=true');
  assert.equal(inline.filter_counters.type, [{ value: 'bottle', count: 5 }, { value: 'cask', count: 1 }]);
});

test.run();
