/**
 * The lot's in-memory state: compact on purpose, because it is folded (and kept) on the bid hot path.
 * Instants are epoch milliseconds here (cheap comparisons); events keep ISO strings.
 */
import type { Pence } from '../shared/money';
import { assertNever } from '../shared/decider';
import type { LotEvent, LotOutcome } from './events';

export type LotStatus = 'initial' | 'open' | 'closed';

export interface LotState {
  status: LotStatus;
  lotId: string;
  auctionId: string;
  sellerId: string;
  openingBid: Pence;
  /** null = no reserve. */
  reservePrice: Pence | null;
  /** null until the first bid. */
  currentPrice: Pence | null;
  leaderId: string | null;
  /** The leader's maximum (0 with no leader). Secret. */
  leaderMax: Pence;
  /** Every bidder's current maximum. Secret; only ever shown back to its owner. */
  maxBids: Readonly<Record<string, Pence>>;
  /** Public history lines so far (the number the lot page shows beside the history). */
  bidCount: number;
  startsAtMs: number;
  originalEndsAtMs: number;
  endsAtMs: number;
  featured: boolean;
  outcome: LotOutcome | null;
  winnerId: string | null;
  hammerPrice: Pence | null;
}

export const initialLotState: LotState = Object.freeze({
  status: 'initial',
  lotId: '',
  auctionId: '',
  sellerId: '',
  openingBid: 0,
  reservePrice: null,
  currentPrice: null,
  leaderId: null,
  leaderMax: 0,
  maxBids: Object.freeze({}),
  bidCount: 0,
  startsAtMs: 0,
  originalEndsAtMs: 0,
  endsAtMs: 0,
  featured: false,
  outcome: null,
  winnerId: null,
  hammerPrice: null,
}) as LotState;

/** No reserve counts as met; otherwise the current price must have reached it (the reserve jump makes
 *  "price >= reserve" and "highest maximum >= reserve" the same thing). */
export function isReserveMet(reserve: Pence | null, currentPrice: Pence | null): boolean {
  if (reserve === null) return true;
  return currentPrice !== null && currentPrice >= reserve;
}

export function reserveMet(state: LotState): boolean {
  return isReserveMet(state.reservePrice, state.currentPrice);
}

export function evolveLot(state: LotState, event: LotEvent): LotState {
  switch (event.type) {
    case 'LotConsigned': {
      const d = event.data;
      const endsAtMs = Date.parse(d.ends_at);
      return {
        ...initialLotState,
        status: 'open',
        lotId: d.lot_id,
        auctionId: d.auction_id,
        sellerId: d.seller_id,
        openingBid: d.opening_bid_pence,
        reservePrice: d.reserve_price_pence,
        startsAtMs: Date.parse(d.starts_at),
        originalEndsAtMs: endsAtMs,
        endsAtMs,
        featured: d.featured,
      };
    }
    case 'BidPlaced': {
      const d = event.data;
      return {
        ...state,
        currentPrice: d.current_price,
        leaderId: d.leader_id,
        leaderMax: d.leader_max,
        maxBids: { ...state.maxBids, [d.bidder_id]: d.max_bid },
        bidCount: d.bid_count,
        endsAtMs: Date.parse(d.ends_at),
      };
    }
    case 'ReservePriceChanged': {
      const d = event.data;
      return { ...state, reservePrice: d.reserve_price_pence, currentPrice: d.current_price, bidCount: d.bid_count };
    }
    case 'LotFeaturedSet':
      return { ...state, featured: event.data.featured };
    case 'LotClosed': {
      const d = event.data;
      return { ...state, status: 'closed', outcome: d.outcome, winnerId: d.winner_id, hammerPrice: d.hammer_price };
    }
    default:
      return assertNever(event);
  }
}
