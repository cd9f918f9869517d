import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { itemKey } from '../alerts/item-key';
import { estimateValue, median, monthlyValues, type OwnedItem, type Sale } from './valuation';

const ardbeg: OwnedItem = {
  title: 'Ardbeg 10', distillery: 'Ardbeg', type: 'bottle', age: 10, volume_ml: 700, bottled_year: null,
  estimate_pence: 6_000, price_paid_pence: 5_000, acquired_on: '2025-11-15', removed_at: null,
};
const sale = (hammer: number, at: string, over: Partial<Sale> = {}): Sale => ({
  lot_id: `l-${hammer}-${at}`, item_key: itemKey('Ardbeg', 'Ardbeg 10'), distillery: 'Ardbeg', type: 'bottle', age: 10, volume_ml: 700,
  bottled_year: null, hammer_pence: hammer, sold_at: at, ...over,
});

test('median of odd and even lists', () => {
  assert.is(median([3, 1, 2]), 2);
  assert.is(median([1, 2, 3, 10]), 3); // 2.5 rounded
});

test('same item: the median of the most recent five sales up to the moment', () => {
  const sales = [100, 200, 300, 400, 500, 600].map((h, i) => sale(h * 100, `2025-0${i + 1}-10T12:00:00.000Z`));
  assert.equal(estimateValue(ardbeg, sales, '2026-01-01T00:00:00.000Z'), { value_pence: 40_000, method: 'same_item', sales: 5, last_sale_at: sales[5]!.sold_at });
  assert.is(estimateValue(ardbeg, sales, '2025-02-28T00:00:00.000Z').value_pence, 15_000, 'only sales closed by then');
  // The key is normalised: case and punctuation do not matter.
  assert.is(estimateValue({ ...ardbeg, title: 'ARDBEG-10' }, sales, '2026-01-01T00:00:00.000Z').method, 'same_item');
});

test('same bottling: same distillery, age, size, bottling year and type, when the item itself never sold', () => {
  const other = sale(9_000, '2025-05-01T00:00:00.000Z', { item_key: itemKey('Ardbeg', 'Ardbeg Ten Years Old') });
  const wrongAge = sale(1_000, '2025-05-01T00:00:00.000Z', { item_key: 'x', age: 12 });
  const wrongSize = sale(1_000, '2025-05-01T00:00:00.000Z', { item_key: 'x', volume_ml: 50 });
  const v = estimateValue({ ...ardbeg, title: 'Ardbeg 10 (old label)' }, [other, wrongAge, wrongSize], '2026-01-01T00:00:00.000Z');
  assert.equal([v.method, v.value_pence, v.sales], ['same_bottling', 9_000, 1]);
  assert.is(estimateValue({ ...ardbeg, title: 'x', age: null }, [other], '2026-01-01T00:00:00.000Z').method, 'estimate', 'no age: no bottling match');
});

test('fallbacks: the lot estimate, then the price paid, then nothing', () => {
  assert.equal(estimateValue(ardbeg, [], '2026-01-01T00:00:00.000Z'), { value_pence: 6_000, method: 'estimate', sales: 0, last_sale_at: null });
  assert.is(estimateValue({ ...ardbeg, estimate_pence: null }, [], '2026-01-01T00:00:00.000Z').method, 'price_paid');
  assert.is(estimateValue({ ...ardbeg, estimate_pence: null, price_paid_pence: null }, [], '2026-01-01T00:00:00.000Z').value_pence, 0);
});

test('monthly values: from the first purchase month to now, the last point is the value now', () => {
  const now = '2026-02-10T09:00:00.000Z';
  const sales = [sale(8_000, '2025-12-05T00:00:00.000Z'), sale(10_000, '2026-02-01T00:00:00.000Z')];
  const gone: OwnedItem = { ...ardbeg, title: 'Gone', distillery: 'Nowhere', estimate_pence: 1_000, acquired_on: '2025-12-01', removed_at: '2026-01-15T00:00:00.000Z' };
  const points = monthlyValues([ardbeg, gone], sales, now);
  assert.equal(points.map((p) => [p.month, p.value_pence]), [['2025-11', 6_000], ['2025-12', 9_000], ['2026-01', 8_000], ['2026-02', 9_000]]);
  assert.is(points.at(-1)!.date, now);
  assert.equal(monthlyValues([], sales, now), []);
  assert.is(monthlyValues([{ ...ardbeg, acquired_on: '1990-01-01' }], [], now).length, 120, 'ten years at most');
});

test.run();
