/** Client-side checks of a maximum bid before the ConfirmBid modal (errors of type "web"). */
import { formatPence, toPence, type Pence } from '../../lib/money';

/** Sanity cap on any bid: £10,000,000 (the server enforces the same). */
const MAX_BID: Pence = 1_000_000_000;

export const BID_MSG = {
  required: 'Please enter your maximum bid',
  invalid: 'Enter an amount in pounds, e.g. 150 or 150.50',
  closed: 'Bidding is closed for this lot',
  tooHigh: `The maximum bid is ${formatPence(MAX_BID)}`,
  belowMinimum: (min: Pence) => `Your bid must be at least ${formatPence(min)}`,
  notAboveOwn: (own: Pence) => `Your maximum bid is already ${formatPence(own)}; enter a higher amount`,
} as const;

type BidCheck = { ok: true; pence: Pence } | { ok: false; message: string };

interface BidContext {
  minimum: Pence;
  onBidding: boolean;
  /** The caller's current maximum, when they lead: raising it must go above it. */
  ownMax?: Pence | null;
}

export function checkBidAmount(input: string, ctx: BidContext): BidCheck {
  if (!ctx.onBidding) return { ok: false, message: BID_MSG.closed };
  if (!input?.trim()) return { ok: false, message: BID_MSG.required };
  const pence = toPence(input);
  if (pence === null || pence <= 0) return { ok: false, message: BID_MSG.invalid };
  if (pence > MAX_BID) return { ok: false, message: BID_MSG.tooHigh };
  if (ctx.ownMax != null && pence <= ctx.ownMax) return { ok: false, message: BID_MSG.notAboveOwn(ctx.ownMax) };
  if (pence < ctx.minimum) return { ok: false, message: BID_MSG.belowMinimum(ctx.minimum) };
  return { ok: true, pence };
}

/** Quick-pick amounts offered beside the input: the minimum and the next few steps above it. */
export function suggestedBids(minimum: Pence, step: Pence | null, count = 3): Pence[] {
  const s = step && step > 0 ? step : 500;
  return Array.from({ length: count }, (_, i) => minimum + i * s);
}
