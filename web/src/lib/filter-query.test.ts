import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildListingQuery, defaultDateRange, defaultFilters, loadFilters, PAGE_SIZES, saveFilters, SORT_OPTIONS,
  STORAGE_KEYS, toggleValue, withYear,
} from './filter-query';

const TODAY = new Date(2025, 2, 14); // 14 March 2025

test('sort options and page sizes', () => {
  assert.equal(SORT_OPTIONS.map((o) => [o.value, o.label]), [
    ['-price', 'Price (highest first)'], ['price', 'Price (lowest first)'], ['name', 'Name (A-Z)'],
    ['-name', 'Name (Z-A)'], ['-id', 'Lot ID (Most Recent)'], ['id', 'Lot ID (Oldest)'],
  ]);
  assert.equal([...PAGE_SIZES], [40, 80, 100, 120]);
});

test('default date range: previous month start to current month start', () => {
  assert.equal(defaultDateRange(TODAY), { min: '2025-02-01', max: '2025-03-01' });
  assert.equal(defaultDateRange(new Date(2025, 0, 10)), { min: '2024-12-01', max: '2025-01-01' });
});

test('live query: page, size, first sort option, no dates', () => {
  const q = buildListingQuery(defaultFilters('live', TODAY), 'live');
  assert.is(q, 'live=true&page=1&page_size=40&ordering=-price');
});

test('past query carries the end-date range', () => {
  const q = buildListingQuery(defaultFilters('past', TODAY), 'past');
  assert.is(q, 'past=true&page=1&page_size=40&ordering=-price&min_end_date=2025-02-01&max_end_date=2025-03-01');
});

test('array filters are sent as repeated keys', () => {
  let f = defaultFilters('live', TODAY);
  f = toggleValue(f, 'distillery', 'Ardbeg');
  f = toggleValue(f, 'distillery', 'Macallan');
  f = toggleValue(f, 'region', 'Islay');
  const q = new URLSearchParams(buildListingQuery(f, 'live'));
  assert.equal(q.getAll('distillery'), ['Ardbeg', 'Macallan']);
  assert.equal(q.getAll('region'), ['Islay']);
  assert.ok(buildListingQuery(f, 'live').includes('distillery=Ardbeg&distillery=Macallan'));
});

test('toggling a value off removes it and resets the page', () => {
  let f = { ...defaultFilters('live', TODAY), page: 3 };
  f = toggleValue(f, 'type', 'Cask');
  assert.is(f.page, 1);
  f = toggleValue(f, 'type', 'Cask');
  assert.equal(f.selected, {});
});

test('toggles: still on bidding and VAT', () => {
  const f = { ...defaultFilters('live', TODAY), still_on_bidding: true, vat_enabled: false, ordering: 'name', page: 2, page_size: 80 };
  assert.is(buildListingQuery(f, 'live'), 'live=true&page=2&page_size=80&ordering=name&still_on_bidding=true&vat_enabled=false');
});

test('choosing a year shifts the date range', () => {
  const f = withYear(defaultFilters('past', TODAY), 2023);
  assert.is(f.year, 2023);
  assert.is(f.min_end_date, '2023-02-01');
  assert.is(f.max_end_date, '2023-03-01');
  const dec = withYear(defaultFilters('past', new Date(2025, 0, 5)), 2022);
  assert.is(dec.min_end_date, '2022-12-01');
  assert.is(dec.max_end_date, '2023-01-01');
});

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

test('filters are saved under separate keys for current and past auctions', () => {
  const s = memory();
  const live = toggleValue(defaultFilters('live', TODAY), 'region', 'Speyside');
  saveFilters(s, 'live', live);
  assert.ok(s.m.has(STORAGE_KEYS.live));
  assert.not.ok(s.m.has(STORAGE_KEYS.past));
  assert.equal(loadFilters(s, 'live', TODAY), live);
  assert.equal(loadFilters(s, 'past', TODAY), defaultFilters('past', TODAY));
  assert.is.not(STORAGE_KEYS.live, STORAGE_KEYS.past);
});

test('a storage failure is only logged', () => {
  const logged: string[] = [];
  const broken = {
    getItem: () => { throw new Error('denied'); },
    setItem: () => { throw new Error('quota'); },
    removeItem: () => {},
  };
  saveFilters(broken, 'live', defaultFilters('live', TODAY), (m) => logged.push(m));
  const f = loadFilters(broken, 'past', TODAY, (m) => logged.push(m));
  assert.equal(f, defaultFilters('past', TODAY));
  assert.is(logged.length, 2);
});

test('malformed saved values fall back to defaults', () => {
  const s = memory();
  s.setItem(STORAGE_KEYS.live, JSON.stringify({ page_size: 33, ordering: 'DROP', page: -1, selected: { region: ['Islay', 4] } }));
  const f = loadFilters(s, 'live', TODAY);
  assert.is(f.page_size, 40);
  assert.is(f.ordering, '-price');
  assert.is(f.page, 1);
  assert.equal(f.selected, { region: ['Islay'] });
  s.setItem(STORAGE_KEYS.live, '{not json');
  assert.equal(loadFilters(s, 'live', TODAY, () => {}), defaultFilters('live', TODAY));
});

test.run();
