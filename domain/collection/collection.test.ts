import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import { collectionDecider } from './decide';
import type { CollectionCommand } from './commands';
import type { CollectionEvent, CollectionItemDescription } from './events';
import { BAD_DATE, FUTURE_DATE, PRICE_PAID_MAX_PENCE, PRICE_TOO_HIGH, REQUIRED, rla } from './rules';

const NOW = '2026-03-01T10:00:00.000Z';
const item: CollectionItemDescription = {
  title: 'Ardbeg 10', subtitle: '', distillery: 'Ardbeg', type: 'bottle', age: 10, volume_ml: 700, abv: 46, bottled_year: null,
  estimate_pence: 6_000, photo: null, cask: null,
};
const add = (id: string, extra: Partial<CollectionCommand & { type: 'AddCollectionItem' }> = {}): CollectionCommand => ({
  type: 'AddCollectionItem', user_id: 'u1', item_id: id, lot_id: 'lot-a', item, price_paid_pence: 5_000, acquired_on: '2025-06-01', now: NOW, ...extra,
});
const join = (id: string, lot = 'lot-w'): CollectionCommand => ({
  type: 'JoinWonLot', user_id: 'u1', item_id: id, lot_id: lot, order_id: 'o1', item, price_paid_pence: 7_000, acquired_on: '2026-02-20', now: NOW,
});
const added = (id: string, source: 'catalogue' | 'manual' | 'won' = 'catalogue', lot: string | null = 'lot-a'): CollectionEvent => ({
  type: 'CollectionItemAdded',
  data: {
    item_id: id, user_id: 'u1', source, lot_id: lot, order_id: source === 'won' ? 'o1' : null, item,
    price_paid_pence: source === 'won' ? 7_000 : 5_000, acquired_on: source === 'won' ? '2026-02-20' : '2025-06-01', added_at: NOW,
  },
});
const removed = (id: string): CollectionEvent => ({ type: 'CollectionItemRemoved', data: { item_id: id, user_id: 'u1', at: NOW } });

test('items from the catalogue or by hand are added, trimmed; the source follows the lot', () => {
  given(collectionDecider).when(add('i1')).thenEvents([added('i1')]);
  given(collectionDecider).when(add('i2', { lot_id: null, item: { ...item, title: ' Ardbeg 10 ' } })).thenEvents([added('i2', 'manual', null)]);
  given(collectionDecider, [added('i1')]).when(add('i1')).thenNothing();
});

test('a won lot joins once, even after its item was removed', () => {
  given(collectionDecider).when(join('w1')).thenEvents([added('w1', 'won', 'lot-w')]);
  given(collectionDecider, [added('w1', 'won', 'lot-w')]).when(join('w2')).thenNothing();
  given(collectionDecider, [added('w1', 'won', 'lot-w'), removed('w1')]).when(join('w3')).thenNothing();
  given(collectionDecider, [added('i1')]).when(join('w1')).events(); // the same lot picked from the catalogue is another item
});

test('price paid: changed on own current items; the same price changes nothing; null clears it', () => {
  const change = (id: string, p: number | null): CollectionCommand => ({ type: 'ChangePricePaid', user_id: 'u1', item_id: id, price_paid_pence: p, now: NOW });
  given(collectionDecider, [added('i1')]).when(change('i1', 6_500)).thenEvents([
    { type: 'CollectionItemPriceChanged', data: { item_id: 'i1', user_id: 'u1', price_paid_pence: 6_500, at: NOW } },
  ]);
  given(collectionDecider, [added('i1')]).when(change('i1', 5_000)).thenNothing();
  given(collectionDecider, [added('i1')]).when(change('i1', null)).events();
  given(collectionDecider, [added('i1')]).when(change('other', 1)).thenError('not_found', 'Item not found.');
  given(collectionDecider, [added('i1'), removed('i1')]).when(change('i1', 1)).thenError('not_found');
  const high = given(collectionDecider, [added('i1')]).when(change('i1', PRICE_PAID_MAX_PENCE + 1)).thenError('validation') as ValidationError;
  assert.equal(high.fields, { price_paid: [PRICE_TOO_HIGH] });
});

test('removing several is all or nothing; duplicates count once', () => {
  const remove = (ids: string[]): CollectionCommand => ({ type: 'RemoveCollectionItems', user_id: 'u1', item_ids: ids, now: NOW });
  given(collectionDecider, [added('i1'), added('i2')]).when(remove(['i1', 'i2', 'i1'])).thenEvents([removed('i1'), removed('i2')]);
  given(collectionDecider, [added('i1')]).when(remove(['i1', 'nope'])).thenError('not_found');
  given(collectionDecider, [added('i1'), removed('i1')]).when(remove(['i1'])).thenError('not_found');
  given(collectionDecider, [added('i1')]).when(remove([])).thenError('validation');
});

test('bad input is refused with field messages', () => {
  const fields = (c: CollectionCommand) => (given(collectionDecider).when(c).thenError('validation') as ValidationError).fields;
  assert.equal(fields(add('i1', { item: { ...item, title: ' ', distillery: '' } })), { title: [REQUIRED], distillery: [REQUIRED] });
  assert.equal(fields(add('i1', { acquired_on: '2025-02-30' })), { date: [BAD_DATE] });
  assert.equal(fields(add('i1', { acquired_on: '2026-03-03' })), { date: [FUTURE_DATE] });
  given(collectionDecider).when(add('i1', { acquired_on: '2026-03-02' })).events(); // already the 2nd east of UTC+10
  given(collectionDecider).when(add('i1', { price_paid_pence: -1 })).thenError('validation');
  given(collectionDecider).when(add('i1', { now: 'soon' })).thenError('validation');
});

test('RLA is bulk litres times ABV', () => {
  assert.is(rla(200, 55.5), 111);
  assert.is(rla(187.3, 61.2), 114.63);
  assert.is(rla(null, 60), null);
});

test.run();
