import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { costBasis, costLines, isDeliverable, showsAllIn } from './rules';

const stats = (current: string | null, step: string | null = '5.00', opening: string | null = null) => ({ step, current_bid: current, is_winning: false, current_user_bid: null, opening_bid: opening });

test('the all-in price is worked out at the current bid, else at the opening bid', () => {
  assert.equal(costBasis({ bid_stats: stats('120.00', '5.00', '10.00') }), { pence: 12000, kind: 'current' });
  assert.equal(costBasis({ bid_stats: stats(null, '5.00', '25.00') }), { pence: 2500, kind: 'opening' });
  assert.equal(costBasis({ bid_stats: stats(null, null, null) }), { pence: 1000, kind: 'opening' }, 'the house\'s default opening bid');
  // The server's bid stats before any bid: the opening bid as current_bid, has_bids false.
  assert.equal(costBasis({ bid_stats: { ...stats('25.00', '5.00', '25.00'), has_bids: false } }), { pence: 2500, kind: 'opening' });
  assert.equal(costBasis({ bid_stats: stats('25.00', '5.00', '25.00'), bid_count: 0 }), { pence: 2500, kind: 'opening' });
  assert.equal(costBasis({ bid_stats: stats('25.00', '5.00', '25.00'), bid_count: 1 }), { pence: 2500, kind: 'current' });
  // A live bid moved the price while the flags read at load still say no bids.
  assert.equal(costBasis({ bid_stats: { ...stats('40.00', '5.00', '25.00'), has_bids: false }, bid_count: 0 }), { pence: 4000, kind: 'current' });
});

test('shown while the lot can be bid on, not once closed', () => {
  assert.ok(showsAllIn('current'));
  assert.ok(showsAllIn('winning'));
  assert.ok(showsAllIn('notWinning'));
  assert.ok(showsAllIn('scheduled'));
  assert.not.ok(showsAllIn('final'));
});

const costs = {
  hammer: '100.00', buyers_premium: '12.50', vat_on_premium: '2.50', vat_on_hammer: '0.00', credit_card_surcharge: '0.00',
  insurance: '0.00', shipping: '12.50', carrier: 'DPD', total: '127.50',
};

test('the lines: VAT on hammer only when there is some; shipping by its carrier; the total last', () => {
  assert.equal(costLines(costs).map((l) => [l.label, l.value]), [
    ['Hammer price', '£100'], ["Buyer's premium (12.5%)", '£12.50'], ['VAT on premium (20%)', '£2.50'], ['Shipping (DPD)', '£12.50'],
    ['All-in price', '£127.50'],
  ]);
  const vat = costLines({ ...costs, vat_on_hammer: '20.00', total: '147.50' });
  assert.equal(vat[3], { label: 'VAT on hammer (20%)', value: '£20' });
});

test('a country we do not ship to: no shipping line, the total is before shipping', () => {
  const ndz = { ...costs, shipping: null, carrier: 'Non Deliverable Zone', total: '115.00' };
  assert.not.ok(isDeliverable(ndz));
  assert.ok(isDeliverable(costs));
  const lines = costLines(ndz);
  assert.is(lines.some((l) => l.label.startsWith('Shipping')), false);
  assert.equal(lines.at(-1), { label: 'All-in before shipping', value: '£115', total: true });
});

test.run();
