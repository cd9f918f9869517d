/**
 * PlaceBid: every bid is a binding maximum (proxy) bid. Refusals are RuleBroken with a `detail` message, because
 * the client shows a bid failure's message/detail per lot (spec 2, section 8) and would not show field errors.
 */
import { NotFound, RuleBroken } from '../../shared/errors';
import type { BidHistoryEntry, BidPlaced } from './events';
import type { PlaceBid } from './commands';
import { isReserveMet, type LotState } from './state';
import { MAX_AMOUNT, nextMinimumBid } from './increments';
import { resolveBid } from './proxy';
import { isValidAmount, parseInstant, toIso } from './checks';
import { formatPounds } from './format';

/** Soft close: a bid accepted in the last 3 minutes moves the lot's end to 3 minutes after it. */
export const SOFT_CLOSE_MS = 180_000;

export const MESSAGES = {
  notFound: 'Lot not found.',
  ended: 'Bidding on this lot has ended.',
  withdrawn: 'This lot has been withdrawn.',
  notStarted: 'Bidding on this lot has not started yet.',
  ownLot: 'You cannot bid on your own lot.',
  registrationFee: 'Please pay the registration fee before placing your first bid.',
} as const;

export function placeBid(command: PlaceBid, state: LotState): BidPlaced[] {
  if (state.status === 'initial') throw new NotFound(MESSAGES.notFound);
  const nowMs = parseInstant(command.now, 'now');
  if (state.withdrawn) throw new RuleBroken(MESSAGES.withdrawn);
  // The server's clock decides: the end instant itself is already too late.
  if (state.status === 'closed' || nowMs >= state.endsAtMs) throw new RuleBroken(MESSAGES.ended);
  if (nowMs < state.startsAtMs) throw new RuleBroken(MESSAGES.notStarted);
  if (command.bidder_id === state.sellerId) throw new RuleBroken(MESSAGES.ownLot);
  if (!command.bidder_registration_fee_paid) throw new RuleBroken(MESSAGES.registrationFee);

  const minimum = nextMinimumBid(state);
  const amount = command.max_bid;
  if (typeof amount === 'number' && Number.isSafeInteger(amount) && amount > MAX_AMOUNT) {
    throw new RuleBroken(`Your bid cannot be more than ${formatPounds(MAX_AMOUNT)}.`);
  }
  if (!isValidAmount(amount)) {
    throw new RuleBroken(`Please enter a valid amount in pounds and pence. Your bid must be at least ${formatPounds(minimum)}.`);
  }
  if (amount < minimum) throw new RuleBroken(`Your bid must be at least ${formatPounds(minimum)}.`);

  const isRaise = state.leaderId === command.bidder_id;
  if (isRaise && amount <= state.leaderMax) {
    throw new RuleBroken(
      `Your new maximum bid must be higher than your current maximum bid of ${formatPounds(state.leaderMax)}.`,
    );
  }

  const resolution = resolveBid(state, command.bidder_id, amount);
  // Only an accepted bid reaches this point, so rejected bids can never extend the lot.
  const extendedEnd = nowMs + SOFT_CLOSE_MS;
  const extended = extendedEnd > state.endsAtMs;
  const endsAtMs = extended ? extendedEnd : state.endsAtMs;
  const placedAt = toIso(nowMs);
  const history: BidHistoryEntry[] = resolution.lines.map((line) => ({
    id: line.kind === 'bid' ? command.bid_id : command.auto_bid_id,
    bidder_id: line.bidder_id,
    amount: line.amount,
    placed_at: placedAt,
    automatic: line.automatic,
  }));

  return [
    {
      type: 'BidPlaced',
      data: {
        lot_id: state.lotId,
        bid_id: command.bid_id,
        bidder_id: command.bidder_id,
        max_bid: amount,
        placed_at: placedAt,
        is_raise: isRaise,
        previous_price: state.currentPrice,
        current_price: resolution.currentPrice,
        previous_leader_id: state.leaderId,
        leader_id: resolution.leaderId,
        leader_max: resolution.leaderMax,
        bid_count: state.bidCount + history.length,
        reserve_met: isReserveMet(state.reservePrice, resolution.currentPrice),
        ends_at: toIso(endsAtMs),
        extended,
        extra_time_seconds: Math.round((endsAtMs - state.originalEndsAtMs) / 1000),
        next_minimum_bid: nextMinimumBid({ openingBid: state.openingBid, currentPrice: resolution.currentPrice }),
        history,
      },
    },
  ];
}
