/**
 * FinishAuction: once the end date has passed and the caller reports no open lot (soft close may keep lots
 * running past end_date). Finishing twice answers no events, so a retrying scheduler is harmless.
 */
import { NotFound, RuleBroken, ValidationError } from '../../shared/errors';
import type { FinishAuction } from './commands';
import type { AuctionFinished } from './events';
import type { AuctionState } from './state';

export function finishAuction(command: FinishAuction, state: AuctionState): AuctionFinished[] {
  if (state.status === 'initial') throw new NotFound('Auction not found.');
  if (state.status === 'finished') return [];
  const now = Date.parse(command.now);
  if (!Number.isFinite(now)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  if (!Number.isInteger(command.open_lot_count) || command.open_lot_count < 0) {
    throw new ValidationError({ open_lot_count: ['Enter a whole number of at least 0.'] });
  }
  if (now < state.endMs) throw new RuleBroken('This auction cannot finish before its end date.');
  if (command.open_lot_count > 0) throw new RuleBroken('This auction still has lots open for bidding.');
  return [{ type: 'AuctionFinished', data: { auction_id: state.auctionId, finished_at: new Date(now).toISOString() } }];
}
