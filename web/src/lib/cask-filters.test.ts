import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyRanges, parseCaskRanges, rangeDraft, rangeErrors, showCaskGroup } from './cask-filters';
import { buildListingQuery, defaultFilters } from './filter-query';

test('ranges go into the selection under their query names; empty inputs drop them', () => {
  const selected = { distillery: ['Ardbeg'], cask_type: ['Butt'], abv_min: ['40'], rla_max: ['300'] };
  const draft = { ...rangeDraft(selected), abv_min: '55', rla_max: '', regauge_date_min: '2024-01-01' };
  const next = applyRanges(selected, draft);
  assert.equal(next, { distillery: ['Ardbeg'], cask_type: ['Butt'], abv_min: ['55'], regauge_date_min: ['2024-01-01'] });
  const q = new URLSearchParams(buildListingQuery({ ...defaultFilters('live'), selected: next }, 'live'));
  assert.equal([q.get('abv_min'), q.get('regauge_date_min'), q.get('rla_max'), q.getAll('cask_type')], ['55', '2024-01-01', null, ['Butt']]);
});

test('a reversed or out-of-range value is refused with the API messages', () => {
  const draft = rangeDraft({});
  assert.is(rangeErrors(draft), null);
  assert.equal(rangeErrors({ ...draft, abv_min: '60', abv_max: '50' }), { abv_max: 'Must not be below the minimum.' });
  assert.equal(rangeErrors({ ...draft, abv_min: '60', abv_max: '60' }), null, 'a one-value range is fine');
  assert.equal(rangeErrors({ ...draft, bulk_litres_max: '9000' }), { bulk_litres_max: 'Enter a number from 0 to 2000.' });
  assert.equal(rangeErrors({ ...draft, regauge_date_min: '2024-05-01', regauge_date_max: '2024-04-30' }), { regauge_date_max: 'Must not be below the minimum.' });
});

test('the Cask group shows with casks to filter or a cask filter set, not when the type rules casks out', () => {
  const counters = { type: [{ value: 'bottle', count: 3 }, { value: 'cask', count: 2 }] };
  assert.ok(showCaskGroup({}, counters));
  assert.not.ok(showCaskGroup({ type: ['bottle'] }, counters));
  assert.not.ok(showCaskGroup({}, { type: [{ value: 'bottle', count: 3 }] }));
  assert.ok(showCaskGroup({ abv_min: ['50'] }, { type: [] }), 'a set filter stays visible to be cleared');
});

test('cask_ranges from a counters answer', () => {
  const none = { min: null, max: null };
  const raw = { cask_ranges: { abv: { min: 48, max: 63 }, bulk_litres: none, rla: none, regauge_date: { min: '2023-06-15', max: null } } };
  assert.equal(parseCaskRanges(raw), { abv: { min: 48, max: 63 }, bulk_litres: none, rla: none, regauge_date: { min: '2023-06-15', max: null } });
  // no cask lot under the filters: every bound is null, so no input shows a hint
  const empty = { cask_ranges: { abv: none, bulk_litres: none, rla: none, regauge_date: none } };
  assert.ok(Object.values(parseCaskRanges(empty)).every((b) => b.min === null && b.max === null));
});

test.run();
