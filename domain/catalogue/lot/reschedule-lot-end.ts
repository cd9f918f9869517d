/**
 * RescheduleLotEnd: staff move a lot's scheduled end while it has not started (staggering an auction's ends is
 * this command once per lot). After the start only soft close moves the end: bidders rely on the time they saw.
 */
import { NotFound, RuleBroken, ValidationError } from '../../shared/errors';
import type { RescheduleLotEnd } from './commands';
import type { LotEndRescheduled } from './events';
import type { LotState } from './state';
import { parseInstant, toIso } from './checks';

const RESCHEDULE_MESSAGES = {
  started: 'The end of this lot can no longer be changed: its auction has started.',
  withdrawn: 'This lot has been withdrawn.',
  afterStart: 'The end must be after the start.',
  startInPast: 'The start must be in the future.',
} as const;

export function rescheduleLotEnd(command: RescheduleLotEnd, state: LotState): LotEndRescheduled[] {
  if (state.status === 'initial') throw new NotFound('Lot not found.');
  const nowMs = parseInstant(command.now, 'now');
  if (state.withdrawn) throw new RuleBroken(RESCHEDULE_MESSAGES.withdrawn);
  if (state.status === 'closed' || nowMs >= state.startsAtMs) throw new RuleBroken(RESCHEDULE_MESSAGES.started);
  const startsAtMs = command.starts_at === undefined ? state.startsAtMs : parseInstant(command.starts_at, 'starts_at');
  if (startsAtMs <= nowMs) throw new ValidationError({ starts_at: [RESCHEDULE_MESSAGES.startInPast] });
  const endsAtMs = parseInstant(command.ends_at, 'ends_at');
  if (endsAtMs <= startsAtMs) throw new ValidationError({ ends_at: [RESCHEDULE_MESSAGES.afterStart] });
  if (endsAtMs === state.endsAtMs && startsAtMs === state.startsAtMs) return [];
  return [
    {
      type: 'LotEndRescheduled',
      data: {
        lot_id: state.lotId,
        auction_id: state.auctionId,
        previous_ends_at: toIso(state.endsAtMs),
        ends_at: toIso(endsAtMs),
        starts_at: toIso(startsAtMs),
        by: command.by,
        at: toIso(nowMs),
      },
    },
  ];
}
