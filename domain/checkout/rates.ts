/**
 * The buyer's rates (../shared/spec/0-product.md, Buyer's costs) in one place, as basis points (1250 = 12.5%) so
 * every percentage goes through `percentOf` (integer arithmetic, rounded half up once). docs/checkout.md "Pricing".
 */
import { percentOf, type Pence } from '../shared/money';

export const BUYERS_PREMIUM_BP = 1250;
export const VAT_BP = 2000;
export const INSURANCE_BP = 300;
export const LATE_PAYMENT_FEE_BP = 500;
export const CARD_SURCHARGE_BP = 300;

/**
 * The most one card payment may take, surcharge included (a house decision, docs/checkout.md "A limit on card
 * payments"): providers cap a single charge, and a large one is where chargebacks hurt. Above it the buyer pays by
 * bank transfer (no surcharge either).
 */
export const CARD_PAYMENT_LIMIT_PENCE = 2_500_000;

/** Payment is due this many days after the auction ends; the late payment fee applies strictly after. */
export const PAYMENT_DUE_DAYS = 7;

export const DAY_MS = 86_400_000;

/** Buyer's premium on a hammer (or a sum of hammers). */
export const buyersPremium = (hammer: Pence): Pence => percentOf(hammer, BUYERS_PREMIUM_BP);

/** VAT at the standard rate on an amount already rounded to the penny. */
export const vatOn = (amount: Pence): Pence => percentOf(amount, VAT_BP);

/** Percent fields of the price summary are numbers (12.5, not "12.50"). */
export const asPercent = (basisPoints: number): number => basisPoints / 100;

/** Milliseconds of an ISO instant; throws on garbage, since the server builds every instant it passes here. */
export function instant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`Invalid instant: ${iso}`);
  return ms;
}
