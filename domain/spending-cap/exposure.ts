/**
 * A bidder's exposure in one auction: the hammer prices of lots they have won there plus their standing maximum on
 * open lots they lead. Outbid lots and lots lost count nothing.
 *
 * The standings come from read models, which may lag. Lagging can only overstate (a close or an outbid not seen yet
 * still counts the maximum, and a hammer never exceeds it), except for the bidder's own newest bid; that is why every
 * bid the cap let through is also on the cap's stream with the lot version it produced, and a standing older than that
 * version counts the recorded maximum.
 */
import type { Pence } from '../shared/money';
import type { CountedBid } from './state';

/** What the read models know of one lot the bidder bid on. */
export interface LotStanding {
  lot_id: string;
  closed: boolean;
  /** Open lots: whether the bidder leads, and their maximum. */
  leading: boolean;
  max_bid: Pence;
  /** Closed lots: the winner and the hammer price. */
  winner_id: string | null;
  hammer_price: Pence | null;
  /** The lot stream version the bid read model has applied. */
  version: number;
}

export function lotExposure(userId: string, standing: LotStanding | undefined, counted: CountedBid | undefined): Pence {
  if (standing?.closed) return standing.winner_id === userId ? standing.hammer_price ?? 0 : 0;
  if (counted && (!standing || standing.version < counted.lotVersion)) return counted.max;
  if (!standing) return 0;
  return standing.leading ? Math.max(standing.max_bid, counted?.max ?? 0) : 0;
}

/** Exposure per lot, over every lot the bidder has a standing or a counted bid on; `except` leaves one lot out. */
export function exposureByLot(
  userId: string,
  standings: readonly LotStanding[],
  counted: Readonly<Record<string, CountedBid>>,
  except: string | null = null,
): Map<string, Pence> {
  const byLot = new Map(standings.map((s) => [s.lot_id, s]));
  const lots = new Set([...byLot.keys(), ...Object.keys(counted)]);
  const result = new Map<string, Pence>();
  for (const lotId of lots) {
    if (lotId === except) continue;
    result.set(lotId, lotExposure(userId, byLot.get(lotId), counted[lotId]));
  }
  return result;
}

export function totalExposure(byLot: ReadonlyMap<string, Pence>): Pence {
  let total = 0;
  for (const amount of byLot.values()) total += amount;
  return total;
}
