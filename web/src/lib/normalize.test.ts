import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { FilterCounters } from '../api/contract';
import { aLot } from './catalogue-fixture';
import { filterLabel, lotTitle, parseCounters, parseIncrements, parseYears, readLotBlock, toPage, unwrap } from './normalize';

test('unwrap and pages', () => {
  assert.equal(unwrap({ data: { data: { id: 1 } } }), { id: 1 });
  assert.equal(toPage([1, 2]), { count: 2, total_pages: 1, next: null, previous: null, results: [1, 2] });
  const p = toPage({ count: 90, total_pages: 3, results: [1], next: null, previous: null });
  assert.is(p.count, 90);
  assert.is(p.total_pages, 3);
  assert.equal(toPage({ data: { results: [5], count: 1 } }).results, [5]);
  assert.equal(toPage(null).results, []);
});

test('the lot page\'s data block is read only when it is a lot', () => {
  const lot = aLot({ id: 'a1b2', custom_title: 'Cask 7' });
  const block = JSON.parse(JSON.stringify({ ...lot, note: null }));
  assert.equal(readLotBlock(block), block);
  for (const garbled of [null, 'lot', [lot], {}, { nope: 1 }, { ...block, id: 7 }, { ...block, id: '' }, { ...block, item: null }, { data: block }]) {
    assert.is(readLotBlock(garbled), null, JSON.stringify(garbled).slice(0, 40));
  }
  const { bid_stats: _, ...noStats } = block;
  assert.is(readLotBlock(noStats), null);
  assert.is(lotTitle({ id: '3', custom_title: '', item: { title: 'Ardbeg 10' } }), 'Ardbeg 10');
});

test('increments: decimal strings, open top band, lowest band first', () => {
  assert.equal(parseIncrements([
    { from: '100.00', to: '500.00', step: '10.00' },
    { from: '0.00', to: '100.00', step: '5.00' },
    { from: '100000.00', to: null, step: '2500.00' },
  ]), [
    { from: 0, to: 10000, step: 500 },
    { from: 10000, to: 50000, step: 1000 },
    { from: 10000000, to: null, step: 250000 },
  ]);
  assert.equal(parseIncrements([{ from: '0.00', to: '100.00', step: '5.00' }]), [{ from: 0, to: 10000, step: 500 }]);
  assert.equal(parseIncrements([]), []);
});

const ranges = { abv: { min: null, max: null }, bulk_litres: { min: null, max: null }, rla: { min: null, max: null }, regauge_date: { min: null, max: null } };
const counters = (over: Partial<FilterCounters>): FilterCounters => ({
  distillery: [], region: [], type: [], cask_type: [], vat_enabled: { true: 0, false: 0 }, cask_ranges: ranges, ...over,
});

test('counters: the choice facets with their counts; empty facets left out', () => {
  assert.equal(parseCounters(counters({
    distillery: [{ value: 'Ardbeg', count: 4 }], region: [{ value: 'Islay', count: 2 }], type: [{ value: 'Bottle', count: 9 }, { value: 'Cask', count: 1 }],
  })), {
    distillery: [{ value: 'Ardbeg', count: 4 }],
    region: [{ value: 'Islay', count: 2 }],
    type: [{ value: 'Bottle', count: 9 }, { value: 'Cask', count: 1 }],
  });
  assert.equal(parseCounters(counters({ cask_type: [{ value: 'Butt', count: 3 }] })), { cask_type: [{ value: 'Butt', count: 3 }] });
  // a yes/no facet is left to its toggle
  assert.equal(parseCounters(counters({ region: [{ value: 'Islay', count: 1 }], vat_enabled: { true: 3, false: 9 } })), { region: [{ value: 'Islay', count: 1 }] });
});

test('years', () => {
  assert.equal(parseYears([2023, 2025, 2024]), [2025, 2024, 2023]);
  assert.equal(parseYears([2022, 2024, 2024]), [2024, 2022]);
  assert.is(filterLabel('cask_type'), 'Cask type');
});

test.run();
