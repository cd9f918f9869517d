/** Builders for the pricing tests: a draft with nothing chosen, won lots and stored lots relative to `NOW`. */
import { DAY_MS } from './rates';
import type { PriceInput, PricedLot, StoredLot } from './types';

export const NOW = '2026-03-20T12:00:00.000Z';
const HOUR_MS = 3_600_000;

/** An instant `days` (fractions allowed) before NOW. */
export const daysAgo = (days: number, from = NOW) => new Date(Date.parse(from) - Math.round(days * DAY_MS)).toISOString();
export const hoursAgo = (hours: number) => new Date(Date.parse(NOW) - hours * HOUR_MS).toISOString();
export const daysFromNow = (days: number) => daysAgo(-days);

let seq = 0;
/** A won lot; by default its auction ended a day ago (paid on time, within free storage). */
export function won(hammer_pence: number, options: Partial<PricedLot> = {}): PricedLot {
  return { lot_id: `lot-${++seq}`, hammer_pence, vat_enabled: false, auction_ended_at: daysAgo(1), ...options };
}

/** A stored lot whose paid storage ends at `storage_expires_at` (default: in 30 days). */
export function stored(storage_expires_at = daysFromNow(30)): StoredLot {
  return { lot_id: `stored-${++seq}`, storage_expires_at };
}

export function draft(overrides: Partial<PriceInput> = {}): PriceInput {
  return {
    service: 'collection',
    won_lots: [],
    stored_lots: [],
    carrier: null,
    insurance: false,
    storage: null,
    payment_method: 'UK_BANK',
    voucher: null,
    wallet_requested_pence: 0,
    wallet_balance_pence: 0,
    now: NOW,
    ...overrides,
  };
}
