import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sellerCosts, vatContained } from './costs';
import { sellerSettlement } from '../../orders/seller-settlement';

test('given a £250 sale with a reserve, when costed, then 5% commission, £5 listing, £5 reserve fee and the rest is the seller\'s', () => {
  assert.equal(sellerCosts({ hammer_pence: 25_000, reserve_fee_pence: 500 }), {
    hammer: 25_000, commission: 1_250, listing_fee: 500, reserve_fee: 500, total_fees: 2_250, net_proceeds: 22_750, vat_in_fees: 375,
  });
});

test('given no reserve, when costed, then no reserve fee and the commission rounds half up to the penny', () => {
  const c = sellerCosts({ hammer_pence: 1_010, reserve_fee_pence: 0 });
  assert.equal([c.commission, c.listing_fee, c.reserve_fee, c.total_fees, c.net_proceeds], [51, 500, 0, 551, 459]);
  assert.is(c.vat_in_fees, 92, '551 / 6 = 91.83');
});

test('given fees above the hammer, when costed, then they are cut as the settlement cuts them and the seller nets nothing', () => {
  const c = sellerCosts({ hammer_pence: 1_000, reserve_fee_pence: 500 });
  assert.equal([c.commission, c.listing_fee, c.reserve_fee, c.total_fees, c.net_proceeds], [50, 500, 450, 1_000, 0]);
});

test('given any sale, when costed, then the fees are exactly the debit lines the wallet settlement posts', () => {
  for (const [hammer, reserveFee] of [[25_000, 500], [1_010, 0], [1_000, 500], [300, 500], [99_999, 500], [7, 0]] as const) {
    const c = sellerCosts({ hammer_pence: hammer, reserve_fee_pence: reserveFee });
    const s = sellerSettlement({ hammer_pence: hammer, reserve_fee_pence: reserveFee, reference_no: 'R', title: 'T' });
    const posted = Object.fromEntries(s.fees.map((f) => [f.kind, f.amount_pence]));
    assert.equal([c.commission, c.listing_fee, c.reserve_fee], [posted.commission ?? 0, posted.listing_fee ?? 0, posted.reserve_fee ?? 0]);
    assert.is(c.net_proceeds, s.proceeds.amount_pence - s.fees.reduce((sum, f) => sum + f.amount_pence, 0));
  }
});

test('given a VAT-inclusive amount, when the VAT contained is taken, then it is 1/6 at 20%, rounded half up', () => {
  assert.equal([vatContained(600), vatContained(3), vatContained(2), vatContained(0)], [100, 1, 0, 0]);
});

test.run();
