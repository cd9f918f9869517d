/** The API shapes of a bid's answer and a lot's bid stats (decimal strings), built from the writer's states. */
import { bidResultFor, bidStatsFor } from '../../domain/lot/bid-result';
import { reserveMet, type LotState } from '../../domain/lot/state';
import { penceToDecimal } from '../../domain/shared/money';

export interface ApiBidStats {
  step: string;
  current_bid: string | null;
  is_winning: boolean;
  current_user_bid: string | null;
}

export interface BidAnswer {
  message: string;
  is_highest_bid: boolean;
  reserve_met: boolean;
  bid_stats: ApiBidStats;
  /** Extra to the spec: the id of the bid this answer is about (as in the bid history and the events). */
  bid_id: string;
}

/** As docs/api.md states: current_bid is null before the first bid; current_user_bid only ever the caller's own. */
export function apiBidStats(state: LotState, userId: string | null): ApiBidStats {
  const stats = bidStatsFor(state, userId);
  return {
    step: penceToDecimal(stats.step),
    current_bid: stats.has_bids ? penceToDecimal(stats.current_bid) : null,
    is_winning: stats.is_winning,
    current_user_bid: stats.current_user_bid === null ? null : penceToDecimal(stats.current_user_bid),
  };
}

/** `before`/`after` surround this one accepted bid, so the answer is exactly about it even inside a batch. */
export function bidAnswer(before: LotState, after: LotState, bidderId: string, bidId: string): BidAnswer {
  const result = bidResultFor(before, after, bidderId);
  return { message: result.message, is_highest_bid: result.is_highest_bid, reserve_met: result.reserve_met, bid_stats: apiBidStats(after, bidderId), bid_id: bidId };
}

export interface ReserveAnswer {
  id: string;
  reserve_price: string | null;
  reserve_met: boolean;
  bid_stats: ApiBidStats;
}

export function reserveAnswer(state: LotState, userId: string): ReserveAnswer {
  return {
    id: state.lotId,
    reserve_price: state.reservePrice === null ? null : penceToDecimal(state.reservePrice),
    reserve_met: reserveMet(state),
    bid_stats: apiBidStats(state, userId),
  };
}
