/**
 * Seller settlement of a paid lot (product rules, Seller's costs): the hammer is credited to the seller's wallet as
 * seller proceeds, then each fee is its own debit line (kind 'fee', reference = the lot id): commission 5% of the
 * hammer, the £5 listing fee and the lot's reserve fee.
 *
 * The credit comes first and the fees never add up to more than the hammer, so settling a sale never takes a wallet
 * lower than it was (the wallet's no-overdraft rule always holds). A fee that would go past the hammer is cut to
 * what is left and the rest is waived: on a £10 hammer with a £5 reserve fee the seller keeps nothing and owes
 * nothing (docs/checkout.md "Orders and payment").
 */
import { percentOf, type Pence } from '../shared/money';
import type { OrderLot } from './events';

export const SELLER_COMMISSION_BP = 500;
export const LISTING_FEE_PENCE = 500;

export type SellerLineKind = 'commission' | 'listing_fee' | 'reserve_fee';

export interface SellerLine { kind: SellerLineKind; amount_pence: Pence; description: string }

export interface SellerSettlement {
  proceeds: { amount_pence: Pence; description: string };
  /** Only the fees with something to debit (a lot without a reserve has no reserve fee line). */
  fees: SellerLine[];
  /** Fees waived because they went past the hammer. */
  waived_pence: Pence;
}

export function sellerSettlement(lot: Pick<OrderLot, 'hammer_pence' | 'reserve_fee_pence' | 'reference_no' | 'title'>): SellerSettlement {
  const ref = lot.reference_no;
  const wanted: SellerLine[] = [
    { kind: 'commission', amount_pence: percentOf(lot.hammer_pence, SELLER_COMMISSION_BP), description: `Seller commission (5%) on lot ${ref}` },
    { kind: 'listing_fee', amount_pence: LISTING_FEE_PENCE, description: `Listing fee on lot ${ref}` },
    { kind: 'reserve_fee', amount_pence: lot.reserve_fee_pence, description: `Reserve fee on lot ${ref}` },
  ];
  let left = lot.hammer_pence;
  let waived = 0;
  const fees: SellerLine[] = [];
  for (const fee of wanted) {
    const charged = Math.min(fee.amount_pence, left);
    waived += fee.amount_pence - charged;
    left -= charged;
    if (charged > 0) fees.push({ ...fee, amount_pence: charged });
  }
  return {
    proceeds: { amount_pence: lot.hammer_pence, description: `Sale of lot ${ref}: ${lot.title}` },
    fees,
    waived_pence: waived,
  };
}
