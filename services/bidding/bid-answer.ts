/** The API shapes of a bid's answer and a lot's bid stats (decimal strings), built from the writer's states. */
import { bidResultFor, bidStatsFor } from '../../domain/catalogue/lot/bid-result';
import { reserveMet, type LotState } from '../../domain/catalogue/lot/state';
import { penceToDecimal } from '../../domain/shared/money';
import { z } from 'zod';
import { money } from '../../infra/http/answers';

export const bidStatsSchema = z.object({
  step: money,
  current_bid: money.nullable(),
  is_winning: z.boolean(),
  current_user_bid: money.nullable(),
});
type ApiBidStats = z.infer<typeof bidStatsSchema>;

export const bidAnswerSchema = z.object({
  message: z.string(),
  is_highest_bid: z.boolean(),
  reserve_met: z.boolean(),
  bid_stats: bidStatsSchema,
  /** Extra to the spec: the id of the bid this answer is about (as in the bid history and the events). */
  bid_id: z.string(),
});
type BidAnswer = z.infer<typeof bidAnswerSchema>;

/** As docs/api.md states: current_bid is null before the first bid; current_user_bid only ever the caller's own. */
function apiBidStats(state: LotState, userId: string | null): ApiBidStats {
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

export const reserveAnswerSchema = z.object({
  id: z.string(),
  reserve_price: money.nullable(),
  reserve_met: z.boolean(),
  bid_stats: bidStatsSchema,
});
type ReserveAnswer = z.infer<typeof reserveAnswerSchema>;

export function reserveAnswer(state: LotState, userId: string): ReserveAnswer {
  return {
    id: state.lotId,
    reserve_price: state.reservePrice === null ? null : penceToDecimal(state.reservePrice),
    reserve_met: reserveMet(state),
    bid_stats: apiBidStats(state, userId),
  };
}
