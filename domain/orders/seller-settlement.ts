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

interface SellerLine { kind: SellerLineKind; amount_pence: Pence; description: string }

interface SellerSettlement {
  proceeds: { amount_pence: Pence; description: string };
  /** Only the fees with something to debit (a lot without a reserve has no reserve fee line). */
  fees: SellerLine[];
  /** Fees waived because they went past the hammer. */
  waived_pence: Pence;
}

/** A fee as charged on a sale: what the rule asks for, cut so that all fees together never pass the hammer. */
interface ChargedFee { kind: SellerLineKind; amount_pence: Pence }

/**
 * The one seller fee rule (settlement and the seller statements both use it): commission 5% of the hammer rounded
 * half up, the listing fee, the lot's reserve fee, each cut to what the hammer has left. Every kind is listed, in
 * that order, even when it comes to nothing.
 */
export function chargedSellerFees(hammerPence: Pence, reserveFeePence: Pence): { fees: ChargedFee[]; waived_pence: Pence } {
  const wanted: ChargedFee[] = [
    { kind: 'commission', amount_pence: percentOf(hammerPence, SELLER_COMMISSION_BP) },
    { kind: 'listing_fee', amount_pence: LISTING_FEE_PENCE },
    { kind: 'reserve_fee', amount_pence: reserveFeePence },
  ];
  let left = hammerPence;
  let waived = 0;
  const fees = wanted.map((fee) => {
    const charged = Math.max(0, Math.min(fee.amount_pence, left));
    waived += fee.amount_pence - charged;
    left -= charged;
    return { kind: fee.kind, amount_pence: charged };
  });
  return { fees, waived_pence: waived };
}

export function sellerSettlement(lot: Pick<OrderLot, 'hammer_pence' | 'reserve_fee_pence' | 'reference_no' | 'title'>): SellerSettlement {
  const ref = lot.reference_no;
  const describe: Record<SellerLineKind, string> = {
    commission: `Seller commission (5%) on lot ${ref}`,
    listing_fee: `Listing fee on lot ${ref}`,
    reserve_fee: `Reserve fee on lot ${ref}`,
  };
  const { fees, waived_pence } = chargedSellerFees(lot.hammer_pence, lot.reserve_fee_pence);
  return {
    proceeds: { amount_pence: lot.hammer_pence, description: `Sale of lot ${ref}: ${lot.title}` },
    fees: fees.filter((f) => f.amount_pence > 0).map((f) => ({ ...f, description: describe[f.kind] })),
    waived_pence,
  };
}
