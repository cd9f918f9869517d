/** The checkout's API shapes (docs/checkout-api.md): money as decimal strings, counts and percents as numbers. */
import type { z } from 'zod';
import type { PriceSummary } from '../../domain/checkout/types';
import type { priceSummaryAnswer, storedItemSchema, wonItemSchema } from './answer-schemas';
import { penceToDecimal } from '../../domain/shared/money';
import { buyersPremium } from '../../domain/checkout/rates';
import type { CheckoutLot, StoredCheckoutLot } from './lot-queries';

const NUMBER_FIELDS = new Set<keyof PriceSummary>([
  'items_count', 'buyers_commission_percent', 'insurance_percent', 'late_payment_fee_percent', 'credit_card_surcharge_percent',
]);

/** Its schema is the answer's (answer-schemas.ts). */
type PriceSummaryAnswer = z.infer<typeof priceSummaryAnswer>;

/** Every field of the price summary: pence as "12.50", counts and percents as numbers, vat_enabled as is. */
export function summaryAnswer(summary: PriceSummary): PriceSummaryAnswer {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(summary) as [keyof PriceSummary, PriceSummary[keyof PriceSummary]][]) {
    out[key] = typeof value === 'number' && !NUMBER_FIELDS.has(key) ? penceToDecimal(value) : value;
  }
  return out as PriceSummaryAnswer;
}

function checkoutLotAnswer(lot: CheckoutLot) {
  return {
    id: lot.id, reference_no: lot.reference_no, slug: lot.slug, title: lot.title, photos: lot.photos,
    vat_enabled: lot.vat_enabled, auction_id: lot.auction_id, auction_end_date: lot.auction_end_date.toISOString(),
  };
}

/** A won lot: the hammer as price_paid, and its 12.5% premium (rounded for this lot alone). */
export function wonItemAnswer(lot: CheckoutLot): z.infer<typeof wonItemSchema> {
  return { lot: checkoutLotAnswer(lot), price_paid: penceToDecimal(lot.hammer_pence), buyers_premium: penceToDecimal(buyersPremium(lot.hammer_pence)) };
}

export function storedItemAnswer(lot: StoredCheckoutLot): z.infer<typeof storedItemSchema> {
  return { lot: { ...checkoutLotAnswer(lot), storage_expiration_date: lot.storage_expires_at.toISOString() } };
}

/** A page of an in-memory list (the checkout lists are a user's own lots: a few dozen at most). */
export function pageOf<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice((page - 1) * pageSize, page * pageSize);
}
