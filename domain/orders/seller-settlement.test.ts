import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sellerSettlement } from './seller-settlement';

const lot = (hammer: number, reserveFee = 0) => ({ hammer_pence: hammer, reserve_fee_pence: reserveFee, reference_no: 'R-7', title: 'Ardbeg 10' });

test('the hammer is credited and each fee is a line: 5% commission, £5 listing, the reserve fee', () => {
  assert.equal(sellerSettlement(lot(25_000, 500)), {
    proceeds: { amount_pence: 25_000, description: 'Sale of lot R-7: Ardbeg 10' },
    fees: [
      { kind: 'commission', amount_pence: 1_250, description: 'Seller commission (5%) on lot R-7' },
      { kind: 'listing_fee', amount_pence: 500, description: 'Listing fee on lot R-7' },
      { kind: 'reserve_fee', amount_pence: 500, description: 'Reserve fee on lot R-7' },
    ],
    waived_pence: 0,
  });
});

test('no reserve: no reserve fee line; commission rounds half up to the penny', () => {
  const s = sellerSettlement(lot(1_010));
  assert.equal(s.fees.map((f) => [f.kind, f.amount_pence]), [['commission', 51], ['listing_fee', 500]]);
});

test('fees above the hammer are cut to it and the rest waived: the sale never costs the seller money', () => {
  const s = sellerSettlement(lot(1_000, 500));
  assert.equal(s.fees.map((f) => [f.kind, f.amount_pence]), [['commission', 50], ['listing_fee', 500], ['reserve_fee', 450]]);
  assert.is(s.waived_pence, 50);
  assert.is(s.fees.reduce((sum, f) => sum + f.amount_pence, 0), s.proceeds.amount_pence);
  const tiny = sellerSettlement(lot(300, 500));
  assert.equal(tiny.fees.map((f) => [f.kind, f.amount_pence]), [['commission', 15], ['listing_fee', 285]]);
  assert.is(tiny.waived_pence, 500 + 215);
});

test.run();
