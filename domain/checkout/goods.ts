/**
 * The goods lines of a set of won lots (hammer, premium, VATs), each rounded once from its base, and the late
 * payment rule. Shared by the price summary (all won lots, and the late ones for the late fee's base).
 */
import { percentOf, type Pence } from '../shared/money';
import { BUYERS_PREMIUM_BP, DAY_MS, PAYMENT_DUE_DAYS, instant, vatOn } from './rates';
import type { PricedLot } from './types';

interface GoodsLines {
  /** Sum of hammers. */
  subtotal: Pence;
  /** 12.5% of the subtotal. */
  buyers_premium: Pence;
  /** 20% of the (rounded) premium line. */
  vat_on_premium: Pence;
  /** 20% of the sum of hammers of vat_enabled lots. */
  vat_on_hammer: Pence;
}

export function goodsLines(lots: readonly Pick<PricedLot, 'hammer_pence' | 'vat_enabled'>[]): GoodsLines {
  let subtotal = 0;
  let vatableHammer = 0;
  for (const lot of lots) {
    subtotal += lot.hammer_pence;
    if (lot.vat_enabled) vatableHammer += lot.hammer_pence;
  }
  const premium = percentOf(subtotal, BUYERS_PREMIUM_BP);
  return { subtotal, buyers_premium: premium, vat_on_premium: vatOn(premium), vat_on_hammer: vatOn(vatableHammer) };
}

export const goodsTotal = (g: GoodsLines): Pence => g.subtotal + g.buyers_premium + g.vat_on_premium + g.vat_on_hammer;

/** Payment is late strictly after 7 days (7 × 24 h) from the auction's end: on the 7th day itself it is not. */
export function isPaymentLate(lot: Pick<PricedLot, 'auction_ended_at'>, now: string): boolean {
  return instant(now) - instant(lot.auction_ended_at) > PAYMENT_DUE_DAYS * DAY_MS;
}
