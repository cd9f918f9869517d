/**
 * The bid increments table (0-product.md, "Bidding"), in pence. Exported as data so GET /api/bid_increments/
 * and /how-to-buy show exactly what the decider enforces.
 */
import type { Pence } from '../../shared/money';
import { formatPounds } from './format';

interface IncrementBand {
  /** Inclusive lower bound of the current price. */
  from: Pence;
  /** Exclusive upper bound; null for the last, open-ended band. */
  to: Pence | null;
  step: Pence;
}

export const BID_INCREMENTS: readonly IncrementBand[] = Object.freeze([
  { from: 0, to: 10_000, step: 500 },
  { from: 10_000, to: 50_000, step: 1_000 },
  { from: 50_000, to: 100_000, step: 2_500 },
  { from: 100_000, to: 250_000, step: 5_000 },
  { from: 250_000, to: 500_000, step: 10_000 },
  { from: 500_000, to: 1_000_000, step: 25_000 },
  { from: 1_000_000, to: 2_500_000, step: 50_000 },
  { from: 2_500_000, to: 10_000_000, step: 100_000 },
  { from: 10_000_000, to: null, step: 250_000 },
]);

/** £10 unless the lot sets another opening bid. */
export const DEFAULT_OPENING_BID: Pence = 1_000;

/** Sanity cap on any bid or reserve: £10,000,000. Protects against typos and overflow-sized input. */
export const MAX_AMOUNT: Pence = 1_000_000_000;
/** An amount typed past MAX_AMOUNT (a lot's prices, staff wallet entries and overdrafts). */
export const AMOUNT_TOO_HIGH = `The amount cannot be more than ${formatPounds(MAX_AMOUNT)}.`;

/** The step that applies at a given price. */
export function stepFor(price: Pence): Pence {
  // Walk from the top: few bands, and most live prices sit in the lower ones anyway.
  for (let i = BID_INCREMENTS.length - 1; i >= 0; i--) {
    const band = BID_INCREMENTS[i]!;
    if (price >= band.from) return band.step;
  }
  return BID_INCREMENTS[0]!.step;
}

/** The minimum shape nextMinimumBid needs, so callers can pass a full LotState or a read-model row. */
interface PriceState {
  openingBid: Pence;
  currentPrice: Pence | null;
}

/** The opening bid while nobody has bid; afterwards the current price plus its step. */
export function nextMinimumBid(state: PriceState): Pence {
  if (state.currentPrice === null) return state.openingBid;
  return state.currentPrice + stepFor(state.currentPrice);
}
