/**
 * What the API answers about a bid and a lot's bid stats, computed from state only (pence; the API layer turns
 * them into decimal strings). A user's maximum is only ever shown back to that user.
 */
import type { Pence } from '../../shared/money';
import { nextMinimumBid, stepFor } from './increments';
import { reserveMet, type LotState } from './state';

export const BID_RESULT_MESSAGES = {
  highest: 'Your bid has been placed. You are the highest bidder.',
  highestReserveNotMet: 'Your bid has been placed but the reserve price has not been met.',
  raised: 'Your maximum bid has been raised. You are still the highest bidder.',
  raisedReserveNotMet: 'Your maximum bid has been raised but the reserve price has not been met.',
  outbid: 'You have been outbid by an automatic bid.',
  outbidByEarlierEqual: 'You have been outbid: another bidder placed the same maximum bid earlier.',
} as const;

interface BidResult {
  is_highest_bid: boolean;
  message: string;
  reserve_met: boolean;
}

/** `before`/`after` are the lot state around one accepted PlaceBid by `bidderId`. */
export function bidResultFor(before: LotState, after: LotState, bidderId: string): BidResult {
  const met = reserveMet(after);
  if (after.leaderId !== bidderId) {
    const tied = after.maxBids[bidderId] === after.leaderMax;
    return { is_highest_bid: false, message: tied ? BID_RESULT_MESSAGES.outbidByEarlierEqual : BID_RESULT_MESSAGES.outbid, reserve_met: met };
  }
  const raised = before.leaderId === bidderId;
  const message = raised
    ? met ? BID_RESULT_MESSAGES.raised : BID_RESULT_MESSAGES.raisedReserveNotMet
    : met ? BID_RESULT_MESSAGES.highest : BID_RESULT_MESSAGES.highestReserveNotMet;
  return { is_highest_bid: true, message, reserve_met: met };
}

interface BidStats {
  /** The step at the current bid. */
  step: Pence;
  /** The current price; the opening bid while nobody has bid (see has_bids). */
  current_bid: Pence;
  is_winning: boolean;
  /** That user's own maximum, or null (anonymous or never bid). */
  current_user_bid: Pence | null;
  /** Extra to the spec's four fields: the least the next bid may be (the opening bid itself before any bid). */
  next_minimum_bid: Pence;
  has_bids: boolean;
}

export function bidStatsFor(state: LotState, userId: string | null): BidStats {
  const currentBid = state.currentPrice ?? state.openingBid;
  const own = userId === null ? undefined : state.maxBids[userId];
  return {
    step: stepFor(currentBid),
    current_bid: currentBid,
    is_winning: userId !== null && state.leaderId === userId,
    current_user_bid: own ?? null,
    next_minimum_bid: nextMinimumBid(state),
    has_bids: state.currentPrice !== null,
  };
}
