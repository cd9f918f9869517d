/**
 * The lot's in-memory state: compact on purpose, because it is folded (and kept) on the bid hot path.
 * Instants are epoch milliseconds here (cheap comparisons); events keep ISO strings.
 */
import type { Pence } from '../../shared/money';
import { assertNever } from '../../shared/decider';
import type { LotEvent, LotItem, LotOutcome } from './events';

type LotStatus = 'initial' | 'open' | 'closed';

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
  /** Staff withdrew the lot (it is also closed, with no winner). */
  withdrawn: boolean;
  /** The item as consigned or last edited: a shared reference, never copied per bid (EditLot merges into it). */
  item: LotItem | null;
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
  withdrawn: false,
  item: null,
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
        item: d.item,
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
    case 'LotEdited': {
      const d = event.data;
      return { ...state, item: d.item, openingBid: d.opening_bid_pence, reservePrice: d.reserve_price_pence };
    }
    case 'LotWithdrawn':
      // The LotClosed appended with it closes the lot; this marks why (bids then hear "withdrawn", not "ended").
      return { ...state, withdrawn: true };
    case 'LotEndRescheduled': {
      const endsAtMs = Date.parse(event.data.ends_at);
      // Before the start there is no extension yet: the new end is also the original one.
      return { ...state, startsAtMs: Date.parse(event.data.starts_at), originalEndsAtMs: endsAtMs, endsAtMs };
    }
    default:
      return assertNever(event);
  }
}
