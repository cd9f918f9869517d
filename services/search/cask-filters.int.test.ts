import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { consignLot, createAuction, getJson, startCatalogueTestApp, type LotInput } from '../catalogue/testing/fixtures';
import { down as migrationDown, up as migrationUp } from '../../infra/db/migrations/0750-search-cask-filters';

let t: TestApp;
let staff: TestUser, seller: TestUser;
const ids: Record<string, string> = {};

type Facet = { value: string; count: number }[];
type Range<T> = { min: T | null; max: T | null };
type Counters = {
  type: Facet; distillery: Facet; cask_type: Facet;
  cask_ranges: { abv: Range<number>; bulk_litres: Range<number>; rla: Range<number>; regauge_date: Range<string> };
};
type Page = { count: number; results: { item: { title: string; rla: number | null } }[] };

interface Cask { cask_type?: string | null; abv?: number | null; bulk_litres?: number | null; regauge_date?: string | null }
const cask = (title: string, distillery: string, c: Cask) =>
  ({ title, distillery: { name: distillery, region: 'Speyside' }, type: 'cask', cask_number: '1', ...c }) as LotInput;

// The two callers that filter: search (lot_search) and the auction listing (lots).
const ENDPOINTS = {
  search: { list: '/api/search_lots/?', counters: '/api/search_lots/filter_counters/?' },
  listing: { list: '/api/lots/filters/?live=true&', counters: '/api/lots/filters/filter_counters/?live=true&' },
} as const;
type Endpoint = keyof typeof ENDPOINTS;

const titles = async (e: Endpoint, query: string) =>
  ((await getJson(t, `${ENDPOINTS[e].list}${query}`)) as Page).results.map((l) => l.item.title).sort();
const count = async (e: Endpoint, query: string) => ((await getJson(t, `${ENDPOINTS[e].list}${query}`)) as Page).count;
const counters = async (e: Endpoint, query: string): Promise<Counters> => getJson(t, `${ENDPOINTS[e].counters}${query}`);

test.before(async () => {
  t = await startCatalogueTestApp();
  [staff, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t)]);
  const live = await createAuction(t, staff);
  const lot = async (key: string, input: LotInput) => { ids[key] = (await consignLot(t, staff, live.id, seller.id, input)).id; };
  // RLA: 200 × 55.2 % = 110.40 l; 450 × 61.5 % = 276.75 l; 150 × 48 % = 72 l; 240 × 63 % = 151.20 l.
  await lot('hogshead', cask('Glenlivet 2012 Hogshead', 'Glenlivet', { cask_type: 'Hogshead', abv: 55.2, bulk_litres: 200, regauge_date: '2024-03-01' }));
  await lot('butt', cask('Glenlivet 2005 Sherry Butt', 'Glenlivet', { cask_type: 'Butt', abv: 61.5, bulk_litres: 450, regauge_date: '2023-06-15' }));
  await lot('barrel', cask('Aberlour 2019 Barrel', 'Aberlour', { cask_type: 'Barrel', abv: 48, bulk_litres: 150, regauge_date: '2025-01-10' }));
  await lot('undated', cask('Aberlour 2010 Hogshead', 'Aberlour', { cask_type: 'Hogshead', abv: 63, bulk_litres: 240, regauge_date: null }));
  // A bottle whose label names its cask and strength: the cask filters must never pick it.
  await lot('bottle', { title: 'Glenlivet 18 Hogshead Bottling', distillery: { name: 'Glenlivet', region: 'Speyside' }, abv: 58, cask_type: 'Hogshead' } as LotInput);
});
test.after(async () => t.close());

for (const e of ['search', 'listing'] as const) {
  test(`${e}: each cask filter narrows to the cask lots it describes`, async () => {
    assert.equal(await titles(e, 'cask_type=Hogshead'), ['Aberlour 2010 Hogshead', 'Glenlivet 2012 Hogshead'], 'not the Hogshead bottle');
    assert.equal(await titles(e, 'cask_type=Hogshead&cask_type=Butt'), ['Aberlour 2010 Hogshead', 'Glenlivet 2005 Sherry Butt', 'Glenlivet 2012 Hogshead']);
    assert.equal(await titles(e, 'abv_min=55&abv_max=62'), ['Glenlivet 2005 Sherry Butt', 'Glenlivet 2012 Hogshead'], 'not the 58 % bottle');
    assert.equal(await titles(e, 'abv_min=61.5'), ['Aberlour 2010 Hogshead', 'Glenlivet 2005 Sherry Butt'], 'inclusive bounds');
    assert.equal(await titles(e, 'bulk_litres_min=200&bulk_litres_max=300'), ['Aberlour 2010 Hogshead', 'Glenlivet 2012 Hogshead']);
    assert.equal(await titles(e, 'rla_min=100&rla_max=200'), ['Aberlour 2010 Hogshead', 'Glenlivet 2012 Hogshead']);
    assert.equal(await titles(e, 'rla_min=110.4&rla_max=110.4'), ['Glenlivet 2012 Hogshead'], 'RLA as the lot shows it (110.40 l)');
    assert.equal(await titles(e, 'regauge_date_min=2024-01-01'), ['Aberlour 2019 Barrel', 'Glenlivet 2012 Hogshead'], 'an undated cask never matches');
    assert.equal(await titles(e, 'regauge_date_max=2024-03-01'), ['Glenlivet 2005 Sherry Butt', 'Glenlivet 2012 Hogshead'], 'the last day is included');
  });

  test(`${e}: cask filters combine with each other and with the other filters`, async () => {
    assert.equal(await titles(e, 'cask_type=Hogshead&distillery=Glenlivet'), ['Glenlivet 2012 Hogshead']);
    assert.equal(await titles(e, 'cask_type=Hogshead&abv_min=60'), ['Aberlour 2010 Hogshead']);
    assert.equal(await titles(e, 'distillery=Glenlivet&abv_min=50'), ['Glenlivet 2005 Sherry Butt', 'Glenlivet 2012 Hogshead']);
    assert.equal(await titles(e, 'type=bottle&abv_min=50'), [], 'a cask filter narrows to casks');
    assert.is(await count(e, 'distillery=Glenlivet'), 3, 'without a cask filter the bottle is there');
  });

  test(`${e}: the cask type counters and the ranges agree with the results`, async () => {
    const base = 'abv_min=50';
    const c = await counters(e, `${base}&cask_type=Butt`);
    assert.equal(c.cask_type, [{ value: 'Butt', count: 1 }, { value: 'Hogshead', count: 2 }], 'ignores its own selection, not the ABV range');
    for (const { value, count: n } of c.cask_type) assert.is(n, await count(e, `${base}&cask_type=${value}`), value);
    assert.equal(c.type, [{ value: 'cask', count: 1 }], 'the bottle is out under a cask filter');
    assert.equal(c.distillery, [{ value: 'Glenlivet', count: 1 }]);

    const all = await counters(e, '');
    assert.equal(all.cask_type, [{ value: 'Barrel', count: 1 }, { value: 'Butt', count: 1 }, { value: 'Hogshead', count: 2 }], 'the bottle is not counted');
    assert.equal(all.cask_ranges, {
      abv: { min: 48, max: 63 }, bulk_litres: { min: 150, max: 450 }, rla: { min: 72, max: 276.75 },
      regauge_date: { min: '2023-06-15', max: '2025-01-10' },
    });
    // The ranges ignore the ranges (so the inputs show what there is to choose from) but follow the other filters.
    const narrowed = await counters(e, 'abv_min=60&distillery=Aberlour');
    assert.equal(narrowed.cask_ranges.abv, { min: 48, max: 63 });
    assert.equal(narrowed.cask_ranges.regauge_date, { min: '2025-01-10', max: '2025-01-10' });
    assert.equal(narrowed.cask_type, [{ value: 'Hogshead', count: 1 }]);
  });

  test(`${e}: bad cask filters are a 400 in the API's field-error shape`, async () => {
    const bad = async (query: string, field: string) => {
      for (const url of [ENDPOINTS[e].list, ENDPOINTS[e].counters]) {
        const res = await t.app.inject({ method: 'GET', url: `${url}${query}` });
        assert.is(res.statusCode, 400, `${url}${query}`);
        assert.ok(Array.isArray(res.json()[field]), `${query}: ${res.body}`);
      }
    };
    await bad('abv_min=60&abv_max=50', 'abv_max');
    await bad('bulk_litres_min=300&bulk_litres_max=200', 'bulk_litres_max');
    await bad('rla_min=5&rla_max=1', 'rla_max');
    await bad('regauge_date_min=2024-05-01&regauge_date_max=2024-04-30', 'regauge_date_max');
    await bad('abv_max=101', 'abv_max');
    await bad('rla_min=lots', 'rla_min');
    await bad('regauge_date_min=2024-13-01', 'regauge_date_min');
  });
}

test('a staff edit of a cask (strength, or cask to bottle) reaches the search filters', async () => {
  // Lots are edited before their auction starts: this one goes to an upcoming auction (in search's population).
  const upcoming = await createAuction(t, staff, { startOffsetMs: 10 * 86_400_000 });
  const { id } = await consignLot(t, staff, upcoming.id, seller.id, cask('Speyburn 2015 Quarter Cask', 'Speyburn', { cask_type: 'Quarter Cask', abv: 48, bulk_litres: 150 }));
  const edit = async (body: object) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/staff/lots/${id}/`, headers: bearer(staff), payload: body });
    assert.is(res.statusCode, 200, res.body);
  };
  assert.equal(await titles('search', 'abv_min=50&cask_type=Quarter%20Cask'), []);
  await edit({ abv: 52 });
  assert.equal(await titles('search', 'abv_min=50&cask_type=Quarter%20Cask'), ['Speyburn 2015 Quarter Cask']);
  assert.equal(await titles('search', 'rla_min=78&rla_max=78'), ['Speyburn 2015 Quarter Cask'], '150 l × 52 % = 78 l');
  await edit({ type: 'bottle' });
  assert.equal(await titles('search', 'cask_type=Quarter%20Cask'), []);
  assert.equal(await titles('search', 'abv_min=50&distillery=Speyburn'), [], 'a bottle now');
  await edit({ type: 'cask' });
  assert.equal(await titles('search', 'cask_type=Quarter%20Cask'), ['Speyburn 2015 Quarter Cask']);
});

test('migration 0750 backfills the cask values of existing lots', async () => {
  await migrationDown(t.ctx.db);
  await migrationUp(t.ctx.db);
  assert.equal(await titles('search', 'cask_type=Hogshead&rla_min=150'), ['Aberlour 2010 Hogshead']);
  assert.equal(await titles('search', 'regauge_date_min=2024-03-01&regauge_date_max=2024-03-01'), ['Glenlivet 2012 Hogshead']);
});

test.run();
