/**
 * Proxy (maximum) bid resolution, as 0-product.md states it:
 * - price = min(highest maximum, second-highest maximum + the step at that second-highest maximum);
 *   a lone bidder pays the opening bid;
 * - equal maximums: the earlier one keeps the lead and the price is that maximum;
 * - the leader raising their own maximum does not move the price;
 * - when the leader's maximum reaches the reserve and the price is below it, the price jumps to the reserve.
 * Resolution is incremental (it needs only the leader and their maximum): every other bidder's maximum is
 * already at or below the current price, so the newcomer is always the second-highest when they lose.
 */
import type { Pence } from '../../shared/money';
import { stepFor } from './increments';

interface HistoryLine {
  /** 'bid' = the bidder's own line (uses the bid's id); 'auto' = a proxy answer (uses the auto id). */
  kind: 'bid' | 'auto';
  bidder_id: string;
  amount: Pence;
  automatic: boolean;
}

interface Resolution {
  leaderId: string;
  leaderMax: Pence;
  currentPrice: Pence;
  lines: HistoryLine[];
}

interface Standing {
  openingBid: Pence;
  reservePrice: Pence | null;
  currentPrice: Pence | null;
  leaderId: string | null;
  leaderMax: Pence;
}

/** The price after the reserve rule: raised to the reserve once the leader's maximum covers it. */
export function withReserveJump(price: Pence, leaderMax: Pence, reserve: Pence | null): Pence {
  if (reserve !== null && leaderMax >= reserve && price < reserve) return reserve;
  return price;
}

/** Resolves an already-accepted maximum bid against the standing. Pure arithmetic: no validation here. */
export function resolveBid(standing: Standing, bidderId: string, maxBid: Pence): Resolution {
  const { openingBid, reservePrice, currentPrice, leaderId, leaderMax } = standing;

  if (leaderId === null || currentPrice === null) {
    const price = withReserveJump(openingBid, maxBid, reservePrice);
    return { leaderId: bidderId, leaderMax: maxBid, currentPrice: price, lines: [own(bidderId, price)] };
  }

  if (leaderId === bidderId) {
    // A raise is silent (the maximum is secret) unless it carries the price up to the reserve.
    const price = withReserveJump(currentPrice, maxBid, reservePrice);
    const lines = price === currentPrice ? [] : [own(bidderId, price)];
    return { leaderId, leaderMax: maxBid, currentPrice: price, lines };
  }

  if (maxBid > leaderMax) {
    // The challenger takes the lead; the old leader's proxy went all the way to its maximum first,
    // which the history shows (a beaten maximum is no longer a secret worth keeping).
    const price = withReserveJump(Math.min(maxBid, leaderMax + stepFor(leaderMax)), maxBid, reservePrice);
    const lines: HistoryLine[] = [];
    if (leaderMax > currentPrice) lines.push(auto(leaderId, leaderMax));
    lines.push(own(bidderId, price));
    return { leaderId: bidderId, leaderMax: maxBid, currentPrice: price, lines };
  }

  // The leader's proxy answers: one step above the challenger, capped at the leader's maximum
  // (a tie leaves the earlier bidder ahead at that very maximum).
  const price = withReserveJump(Math.min(leaderMax, maxBid + stepFor(maxBid)), leaderMax, reservePrice);
  return { leaderId, leaderMax, currentPrice: price, lines: [own(bidderId, maxBid), auto(leaderId, price)] };
}

function own(bidderId: string, amount: Pence): HistoryLine {
  return { kind: 'bid', bidder_id: bidderId, amount, automatic: false };
}

function auto(bidderId: string, amount: Pence): HistoryLine {
  return { kind: 'auto', bidder_id: bidderId, amount, automatic: true };
}
