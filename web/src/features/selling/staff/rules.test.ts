import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SellItemView } from './api';
import { consignBody, prefillConsign } from './rules';

const noDetails: SellItemView['details'] = {
  distillery: null, type: null, age: null, volume_ml: null, abv: null, description: null, estimate_low_pence: null, estimate_high_pence: null, source_lot_id: null,
};
const item: SellItemView = {
  id: 'i1', title: 'Talisker 25', quantity: 1, status: 'received', condition_note: null, lot_id: null, photos: [],
  details: { ...noDetails, distillery: 'Talisker', type: 'bottle', age: 25, volume_ml: 700, abv: 45.8, estimate_low_pence: 40000 },
};

test('the consign form is prefilled from the item and its details', () => {
  const f = prefillConsign(item, 'a1');
  assert.equal([f.auction_id, f.title, f.distillery, f.type, f.age, f.volume_ml, f.abv, f.estimated_value], ['a1', 'Talisker 25', 'Talisker', 'bottle', '25', '700', '45.8', '400.00']);
  const g = prefillConsign({ ...item, details: { ...noDetails, distillery: 'Ardbeg', type: 'cask', estimate_low_pence: 90000 } }, 'a1');
  assert.equal([g.distillery, g.type, g.estimated_value, g.age], ['Ardbeg', 'cask', '900.00', '']);
});

test('the body leaves out empty fields (the server fills them from the item) and checks amounts', () => {
  const f = { ...prefillConsign({ ...item, details: noDetails }, 'a1'), opening_bid: '250', reserve_price: '' };
  assert.equal(consignBody(f).body, { auction_id: 'a1', title: 'Talisker 25', type: 'bottle', opening_bid: '250' });
  const full = consignBody({ ...prefillConsign(item, 'a1'), region: 'Islands', reserve_price: '£1,350' }).body!;
  assert.equal(full.distillery, { name: 'Talisker', region: 'Islands' });
  assert.equal([full.age, full.volume_ml, full.abv, full.estimated_value, full.reserve_price], [25, 700, 45.8, '400.00', '1350']);
  const bad = consignBody({ ...prefillConsign(item, ''), title: ' ', opening_bid: 'lots', age: 'old' });
  assert.is(bad.body, null);
  assert.equal(bad.errors, { auction_id: 'This field is required', title: 'This field is required', opening_bid: 'Enter an amount in pounds, e.g. 250 or 250.50', age: 'Enter a number' });
});

test.run();
