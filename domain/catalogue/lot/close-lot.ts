/**
 * CloseLot: at (or after) its end a lot closes exactly once. Closing an already closed lot answers no events
 * (idempotent, so a scheduler that retries or races another instance is harmless); closing early is refused.
 */
import { NotFound, RuleBroken } from '../../shared/errors';
import type { CloseLot } from './commands';
import type { LotClosed } from './events';
import { reserveMet, type LotState } from './state';
import { parseInstant, toIso } from './checks';

export function closeLot(command: CloseLot, state: LotState): LotClosed[] {
  if (state.status === 'initial') throw new NotFound('Lot not found.');
  if (state.status === 'closed') return [];
  const nowMs = parseInstant(command.now, 'now');
  if (nowMs < state.endsAtMs) throw new RuleBroken('This lot cannot be closed before it ends.');

  const sold = state.leaderId !== null && reserveMet(state);
  return [
    {
      type: 'LotClosed',
      data: {
        lot_id: state.lotId,
        auction_id: state.auctionId,
        seller_id: state.sellerId,
        outcome: sold ? 'sold' : 'unsold',
        winner_id: sold ? state.leaderId : null,
        hammer_price: sold ? state.currentPrice : null,
        final_price: state.currentPrice,
        reserve_price_pence: state.reservePrice,
        bid_count: state.bidCount,
        ends_at: toIso(state.endsAtMs),
        closed_at: toIso(nowMs),
      },
    },
  ];
}
