/**
 * RescheduleAuction (staff): new start and end dates, only before the auction starts and only into the future (an
 * auction cannot be made to have started already). The sellers' deadline for adding bottles is kept unless the new
 * start comes before it, then it moves to the new start (it may never be after the start). The lots follow through
 * their own RescheduleLotEnd commands (the service sends them).
 */
import { NotFound, RuleBroken, ValidationError, type FieldErrors } from '../../shared/errors';
import type { RescheduleAuction } from './commands';
import type { AuctionRescheduled } from './events';
import type { AuctionState } from './state';

const RESCHEDULE_AUCTION_STARTED = 'This auction can no longer be rescheduled: it has started.';

export function rescheduleAuction(command: RescheduleAuction, state: AuctionState): AuctionRescheduled[] {
  if (state.status === 'initial') throw new NotFound('Auction not found.');
  const now = Date.parse(command.now);
  if (!Number.isFinite(now)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  if (state.status === 'finished' || now >= state.startMs) throw new RuleBroken(RESCHEDULE_AUCTION_STARTED);

  const errors: FieldErrors = {};
  const start = Date.parse(command.start_date);
  const end = Date.parse(command.end_date);
  if (!Number.isFinite(start)) errors.start_date = ['Enter a valid date and time.'];
  else if (start <= now) errors.start_date = ['The start must be in the future.'];
  if (!Number.isFinite(end)) errors.end_date = ['Enter a valid date and time.'];
  else if (Number.isFinite(start) && end <= start) errors.end_date = ['The end date must be after the start date.'];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  if (start === state.startMs && end === state.endMs) return [];

  return [
    {
      type: 'AuctionRescheduled',
      data: {
        auction_id: state.auctionId,
        start_date: new Date(start).toISOString(),
        end_date: new Date(end).toISOString(),
        bottles_add_deadline: new Date(Math.min(state.deadlineMs, start)).toISOString(),
        by: command.by,
        at: new Date(now).toISOString(),
      },
    },
  ];
}
