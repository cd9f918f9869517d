/**
 * WithdrawLot: staff take a lot out of the sale, with a reason, at any time before it ends. The decision is two
 * events in one append: LotWithdrawn (who, why) and a LotClosed with no winner (outcome 'unsold', withdrawn: true),
 * so every reader of LotClosed (scheduler, auction finishing, orders, notifications, live) sees a lot that ended
 * unsold without knowing about withdrawals. Withdrawing again decides nothing (a retried request is harmless).
 */
import { NotFound, RuleBroken, ValidationError } from '../../shared/errors';
import type { WithdrawLot } from './commands';
import type { LotClosed, LotWithdrawn } from './events';
import type { LotState } from './state';
import { parseInstant, toIso } from './checks';

const WITHDRAW_MESSAGES = {
  reason: 'Please give a reason for withdrawing this lot.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  ended: 'This lot has already ended and can no longer be withdrawn.',
} as const;

export function withdrawLot(command: WithdrawLot, state: LotState): Array<LotWithdrawn | LotClosed> {
  if (state.status === 'initial') throw new NotFound('Lot not found.');
  if (state.withdrawn) return [];
  const nowMs = parseInstant(command.now, 'now');
  const reason = typeof command.reason === 'string' ? command.reason.trim() : '';
  if (reason === '') throw new ValidationError({ reason: [WITHDRAW_MESSAGES.reason] });
  if (reason.length > 500) throw new ValidationError({ reason: [WITHDRAW_MESSAGES.reasonTooLong] });
  if (state.status === 'closed' || nowMs >= state.endsAtMs) throw new RuleBroken(WITHDRAW_MESSAGES.ended);

  const at = toIso(nowMs);
  return [
    {
      type: 'LotWithdrawn',
      data: { lot_id: state.lotId, auction_id: state.auctionId, seller_id: state.sellerId, reason, by: command.by, at },
    },
    {
      type: 'LotClosed',
      data: {
        lot_id: state.lotId,
        auction_id: state.auctionId,
        seller_id: state.sellerId,
        outcome: 'unsold',
        winner_id: null,
        hammer_price: null,
        final_price: state.currentPrice,
        reserve_price_pence: state.reservePrice,
        bid_count: state.bidCount,
        // It ended now, not at its scheduled end.
        ends_at: at,
        closed_at: at,
        withdrawn: true,
      },
    },
  ];
}
