import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { closeLot, consignLot, createAuction, finishAuction, getJson, placeBid, startCatalogueTestApp, type LotInput } from '../catalogue/testing/fixtures';

const DAY = 86_400_000;
let t: TestApp;
let staff: TestUser, seller: TestUser;
const ids: Record<string, string> = {};

type LotOut = { id: string; item: { title: string }; status: string; hammer_price: string | null; bid_stats: { current_bid: string | null } };
type PageOut = { count: number; total_pages: number; results: LotOut[] };
type Counters = { distillery: { value: string; count: number }[]; region: { value: string; count: number }[]; type: { value: string; count: number }[]; vat_enabled: { true: number; false: number } };
type Suggestion = { kind: string; title?: string; value?: string; count?: number; price?: string; price_label?: string; status?: string };

const search = (query: string): Promise<PageOut> => getJson(t, `/api/search_lots/?${query}`);
const titles = async (query: string) => (await search(query)).results.map((l) => l.item.title).sort();
const suggest = async (query: string): Promise<Suggestion[]> => (await getJson(t, `/api/search_lots/suggestions/?${query}`)).suggestions;
const withDescription = (input: LotInput, description: string) => ({ ...input, description }) as LotInput;

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t)]);
  const t0 = t.clock.now().getTime();

  const past = await createAuction(t, staff, { startOffsetMs: -30 * DAY, lengthMs: 7 * DAY });
  ids.lagavulin = (await consignLot(t, staff, past.id, seller.id, { title: 'Lagavulin 16', distillery: { name: 'Lagavulin', region: 'Islay' } })).id;
  ids.unsold = (await consignLot(t, staff, past.id, seller.id, { title: 'Springbank 21 Unsold', distillery: { name: 'Springbank', region: 'Campbeltown' }, reserve_price: '5000' })).id;
  t.clock.set(new Date(t0 - 25 * DAY));
  await placeBid(t, ids.lagavulin, 'bidder-1', 9_000);
  t.clock.set(new Date(Date.parse(past.end_date) + 1000));
  await closeLot(t, ids.lagavulin);
  await closeLot(t, ids.unsold);
  await finishAuction(t, past.id);
  t.clock.set(new Date(t0));

  const live = await createAuction(t, staff);
  ids.springbank15 = (await consignLot(t, staff, live.id, seller.id, { title: 'Springbank 15', distillery: { name: 'Springbank', region: 'Campbeltown' } })).id;
  ids.springbank10 = (await consignLot(t, staff, live.id, seller.id, { title: 'Springbank 10 Local Barley', distillery: { name: 'Springbank', region: 'Campbeltown' }, type: 'cask' })).id;
  ids.ardbeg = (await consignLot(t, staff, live.id, seller.id, withDescription({ title: 'Ardbeg 10', distillery: { name: 'Ardbeg', region: 'Islay' }, vat_enabled: true }, 'Peated like nothing from Springbank.'))).id;
  ids.glenfarclas = (await consignLot(t, staff, live.id, seller.id, { title: 'Glenfarclas 1990 Cask', distillery: { name: 'Glenfarclas', region: 'Speyside' }, type: 'cask' })).id;
  ids.kavalan = (await consignLot(t, staff, live.id, seller.id, { title: 'Kavalan Solist', distillery: { name: 'Kavalan', region: null } })).id;
  await placeBid(t, ids.springbank15, 'bidder-1', 8_000);
  await placeBid(t, ids.springbank15, 'bidder-2', 12_000);

  const next = await createAuction(t, staff, { startOffsetMs: 10 * DAY });
  ids.talisker = (await consignLot(t, staff, next.id, seller.id, { title: 'Talisker 18', distillery: { name: 'Talisker', region: 'Islands' } })).id;
});
test.after(async () => t.close());

test('typo tolerance: "springbnk" finds Springbank; strict mode does not', async () => {
  assert.equal(await titles('search=springbnk'), ['Ardbeg 10', 'Springbank 10 Local Barley', 'Springbank 15'], 'Ardbeg\'s description names Springbank');
  assert.is((await search('search=springbnk&strict_search=true')).count, 0);
  assert.equal(await titles('search=springbank&strict_search=true'), ['Ardbeg 10', 'Springbank 10 Local Barley', 'Springbank 15']);
});

test('prefix while typing; strict mode wants whole words', async () => {
  assert.equal(await titles('search=glenf'), ['Glenfarclas 1990 Cask']);
  assert.equal(await titles('search=spring%20local'), ['Springbank 10 Local Barley']);
  assert.equal(await titles('search=spring%2010'), ['Ardbeg 10', 'Springbank 10 Local Barley'], 'the description mentions Springbank');
  assert.is((await search('search=glenf&strict_search=true')).count, 0);
  assert.equal(await titles('search=glenfarclas%201990&strict_search=true'), ['Glenfarclas 1990 Cask']);
});

test('relevance: a title match ranks above a description mention', async () => {
  const page = await search('search=springbank&ordering=relevance');
  assert.is(page.results.at(-1)!.item.title, 'Ardbeg 10');
  assert.equal(page.results.map((l) => l.item.title).slice(0, 2).sort(), ['Springbank 10 Local Barley', 'Springbank 15']);
  const byName = await search('search=springbank&ordering=name');
  assert.equal(byName.results.map((l) => l.item.title), ['Ardbeg 10', 'Springbank 10 Local Barley', 'Springbank 15']);
});

test('sold and live switches: sold lots show their hammer price, live lots their current bid', async () => {
  assert.is((await search('search=lagavulin')).count, 0, 'sold lots only with the switch');
  const sold = await search('search=lagavulin&sold_lot=true');
  assert.equal(sold.results.map((l) => [l.status, l.hammer_price]), [['sold', '10.00']]);
  assert.equal(await titles('search=springbank%2021&sold_lot=true&strict_search=true'), [], 'closed unsold lots never show');
  assert.equal(await titles('search=talisker'), ['Talisker 18'], 'upcoming lots are in by default');
  assert.is((await search('search=talisker&live_lot=true')).count, 0, 'live only: on bidding now');
  const live = await search('search=springbank%2015&live_lot=true&strict_search=true');
  assert.equal(live.results.map((l) => [l.status, l.bid_stats.current_bid]), [['live', '85.00']]);
  assert.equal(await titles('search=islay&sold_lot=true&live_lot=true'), ['Ardbeg 10', 'Lagavulin 16']);
});

test('the listing filters apply, and every counter equals the count of its filtered search', async () => {
  assert.equal(await titles('search=springbank&type=cask'), ['Springbank 10 Local Barley']);
  const query = 'search=s&sold_lot=true';
  const counters: Counters = await getJson(t, `/api/search_lots/filter_counters/?${query}`);
  assert.ok(counters.distillery.length >= 3);
  for (const [facet, rows] of [['distillery', counters.distillery], ['region', counters.region], ['type', counters.type]] as const) {
    for (const { value, count } of rows) {
      const page = await search(`${query}&${facet}=${encodeURIComponent(value)}`);
      assert.is(page.count, count, `${facet}=${value}`);
    }
  }
  assert.is(counters.vat_enabled.false, (await search(`${query}&vat_enabled=false`)).count);
  // With a selection: a facet's counts ignore its own selection and follow the others'.
  const chosen = `${query}&distillery=Springbank&type=bottle`;
  const narrowed: Counters = await getJson(t, `/api/search_lots/filter_counters/?${chosen}`);
  for (const { value, count } of narrowed.type) assert.is((await search(`${query}&distillery=Springbank&type=${value}`)).count, count, `type=${value}`);
  for (const { value, count } of narrowed.distillery) assert.is((await search(`${query}&distillery=${value}&type=bottle`)).count, count, `distillery=${value}`);
  for (const { value, count } of narrowed.region) assert.is((await search(`${chosen}&region=${value}`)).count, count, `region=${value}`);
  assert.ok(narrowed.type.length === 2 && narrowed.distillery.length >= 3);
  assert.is(counters.vat_enabled.true + counters.vat_enabled.false, (await search(query)).count);
});

test('suggestions mix lots, distilleries and regions, with the price that matters', async () => {
  const s = await suggest('search=springb');
  const lots = s.filter((x) => x.kind === 'lot');
  assert.equal(lots.slice(0, 2).map((x) => x.title).sort(), ['Springbank 10 Local Barley', 'Springbank 15']);
  const sb15 = lots.find((x) => x.title === 'Springbank 15')!;
  assert.equal([sb15.status, sb15.price, sb15.price_label], ['live', '85.00', 'current_bid']);
  assert.equal(s.filter((x) => x.kind === 'distillery').map((x) => x.value), ['Springbank']);
  assert.equal((await suggest('search=campbel')).filter((x) => x.kind === 'region').map((x) => x.value), ['Campbeltown']);
  assert.ok((await suggest('search=springbnk')).some((x) => x.kind === 'distillery' && x.value === 'Springbank'), 'typo tolerant');
  assert.equal(await suggest('search=springbnk&strict_search=true'), []);
  const sold = (await suggest('search=lagavulin&is_sold=true')).find((x) => x.kind === 'lot')!;
  assert.equal([sold.status, sold.price, sold.price_label], ['sold', '10.00', 'hammer_price']);
  assert.is((await suggest('search=talisker&is_live=true')).filter((x) => x.kind === 'lot').length, 0, 'no lot on bidding');
  assert.equal(await suggest('search='), []);
});

test('page sizes 20, 40, 80, 100 and the orderings, relevance included', async () => {
  const page = await search('search=&page_size=20');
  assert.is(page.count, 6, 'no term: every open lot');
  for (const [url, field] of [['page_size=50', 'page_size'], ['ordering=cheapest', 'ordering']] as const) {
    const bad = await t.app.inject({ method: 'GET', url: `/api/search_lots/?search=x&${url}` });
    assert.is(bad.statusCode, 400);
    assert.ok(bad.json()[field]);
  }
  assert.is((await search('search=springbank&page_size=100&ordering=-price')).results[0]!.item.title, 'Springbank 15');
});

test('a staff edit or a withdrawal reaches the search at once (the lot_search triggers)', async () => {
  const lot = (await consignLot(t, staff, (await createAuction(t, staff, { startOffsetMs: 20 * DAY })).id, seller.id, { title: 'Mystery Dram', distillery: { name: 'Mortlach', region: 'Speyside' } })).id;
  assert.equal(await titles('search=mystery&strict_search=true'), ['Mystery Dram']);
  const edit = await t.app.inject({ method: 'PATCH', url: `/api/staff/lots/${lot}/`, headers: bearer(staff), payload: { title: 'Mortlach Wee Witchie' } });
  assert.is(edit.statusCode, 200, edit.body);
  assert.is((await search('search=mystery&strict_search=true')).count, 0);
  assert.equal(await titles('search=witchie'), ['Mortlach Wee Witchie']);
  assert.ok((await suggest('search=wee%20witchi')).some((x) => x.kind === 'lot' && x.title === 'Mortlach Wee Witchie'), 'the new words are in the vocabulary');
  assert.ok((await suggest('search=witchy')).some((x) => x.kind === 'lot'), 'and typo tolerant');
  const withdrawn = await t.app.inject({ method: 'POST', url: `/api/staff/lots/${lot}/withdraw/`, headers: bearer(staff), payload: { reason: 'Damaged label' } });
  assert.is(withdrawn.statusCode, 200, withdrawn.body);
  assert.is((await search('search=witchie&sold_lot=true')).count, 0, 'withdrawn lots never show');
});

test.run();
