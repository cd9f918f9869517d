/**
 * ChangeReservePrice: the seller moves the reserve while the lot is still running. Failures carry the
 * `reserve_price` field, because the client shows the server's first message under that field (spec 2, section 8).
 * The price never goes down: a lowered reserve keeps the price already reached (those bids are binding).
 */
import { Forbidden, NotFound, ValidationError } from '../../shared/errors';
import type { ChangeReservePrice } from './commands';
import type { ReservePriceChanged } from './events';
import { isReserveMet, type LotState } from './state';
import { MAX_AMOUNT, nextMinimumBid } from './increments';
import { withReserveJump } from './proxy';
import { isValidAmount, parseInstant, toIso } from './checks';
import { formatPounds } from './format';

export function changeReservePrice(command: ChangeReservePrice, state: LotState): ReservePriceChanged[] {
  if (state.status === 'initial') throw new NotFound('Lot not found.');
  if (command.user_id !== state.sellerId) throw new Forbidden('Only the seller of this lot can change its reserve price.');
  const nowMs = parseInstant(command.now, 'now');
  if (state.status === 'closed' || nowMs >= state.endsAtMs) {
    throw reserveError('The reserve price cannot be changed after the lot has ended.');
  }
  const requested = command.reserve_price_pence;
  if (requested !== null && !isValidAmount(requested, true)) {
    throw reserveError(`Enter a whole number of pence, 0 (no reserve) or up to ${formatPounds(MAX_AMOUNT)}.`);
  }
  const reserve = requested === 0 ? null : requested;
  // Asking for the reserve the lot already has changes nothing; no event keeps retries harmless.
  if (reserve === state.reservePrice) return [];

  let price = state.currentPrice;
  const history: ReservePriceChanged['data']['history'] = [];
  if (price !== null && state.leaderId !== null) {
    const jumped = withReserveJump(price, state.leaderMax, reserve);
    if (jumped !== price) {
      price = jumped;
      history.push({ id: command.auto_bid_id, bidder_id: state.leaderId, amount: jumped, placed_at: toIso(nowMs), automatic: true });
    }
  }

  return [
    {
      type: 'ReservePriceChanged',
      data: {
        lot_id: state.lotId,
        seller_id: state.sellerId,
        previous_reserve_price_pence: state.reservePrice,
        reserve_price_pence: reserve,
        changed_at: toIso(nowMs),
        current_price: price,
        reserve_met: isReserveMet(reserve, price),
        next_minimum_bid: nextMinimumBid({ openingBid: state.openingBid, currentPrice: price }),
        history,
        bid_count: state.bidCount + history.length,
      },
    },
  ];
}

function reserveError(message: string): ValidationError {
  return new ValidationError({ reserve_price: [message] }, message);
}
