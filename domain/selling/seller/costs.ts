/**
 * What a sold lot costs its seller and what they keep (product rules, Seller's costs; docs/selling.md): the same
 * fees, cut the same way, as the wallet settlement posts when the buyer pays (domain/orders/seller-settlement.ts), so the
 * seller area and the statement always agree with the wallet.
 *
 * The fees are as the product rules state them and include VAT: `vat_in_fees` is the VAT contained in them (1/6 of
 * the fees at 20%, rounded half up to the penny), shown for information only; it is not charged on top.
 */
import type { Pence } from '../../shared/money';
import { chargedSellerFees } from '../../orders/seller-settlement';

const VAT_RATE_BP = 2_000;

export interface SellerCosts {
  hammer: Pence;
  commission: Pence;
  listing_fee: Pence;
  reserve_fee: Pence;
  total_fees: Pence;
  net_proceeds: Pence;
  vat_in_fees: Pence;
}

/** VAT contained in a VAT-inclusive amount: amount × rate / (1 + rate), rounded half up (1/6 at 20%). */
export function vatContained(grossPence: Pence, rateBp = VAT_RATE_BP): Pence {
  return Math.round((grossPence * rateBp) / (10_000 + rateBp));
}

export function sellerCosts(lot: { hammer_pence: Pence; reserve_fee_pence: Pence }): SellerCosts {
  const { fees } = chargedSellerFees(lot.hammer_pence, lot.reserve_fee_pence);
  const fee = (kind: 'commission' | 'listing_fee' | 'reserve_fee') => fees.find((f) => f.kind === kind)?.amount_pence ?? 0;
  const total = fees.reduce((sum, f) => sum + f.amount_pence, 0);
  return {
    hammer: lot.hammer_pence,
    commission: fee('commission'),
    listing_fee: fee('listing_fee'),
    reserve_fee: fee('reserve_fee'),
    total_fees: total,
    net_proceeds: lot.hammer_pence - total,
    vat_in_fees: vatContained(total),
  };
}
