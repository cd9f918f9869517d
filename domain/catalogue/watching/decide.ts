/**
 * A user's watching list. Adding a watched lot or removing an unwatched one answers no events, so a double click
 * or a retried request changes nothing. Whether the lot exists is checked by the service (a read model), since the
 * list only holds ids.
 */
import { assertNever, type Decider } from '../../shared/decider';
import { ValidationError } from '../../shared/errors';
import type { WatchingCommand } from './commands';
import type { WatchingEvent } from './events';

export interface WatchingState {
  /** Lot ids currently watched. */
  lots: Readonly<Record<string, true>>;
}

const initialWatchingState: WatchingState = Object.freeze({ lots: Object.freeze({}) });

function evolveWatching(state: WatchingState, event: WatchingEvent): WatchingState {
  switch (event.type) {
    case 'WatchingListLotAdded':
      return { lots: { ...state.lots, [event.data.lot_id]: true } };
    case 'WatchingListLotRemoved': {
      const { [event.data.lot_id]: _removed, ...rest } = state.lots;
      return { lots: rest };
    }
    default:
      return assertNever(event);
  }
}

export function decideWatching(command: WatchingCommand, state: WatchingState): WatchingEvent[] {
  const now = Date.parse(command.now);
  if (!Number.isFinite(now)) throw new ValidationError({ now: ['Enter a valid date and time.'] });
  const at = new Date(now).toISOString();
  const watched = state.lots[command.lot_id] === true;
  switch (command.type) {
    case 'AddLotToWatchingList':
      return watched ? [] : [{ type: 'WatchingListLotAdded', data: { user_id: command.user_id, lot_id: command.lot_id, added_at: at } }];
    case 'RemoveLotFromWatchingList':
      return watched ? [{ type: 'WatchingListLotRemoved', data: { user_id: command.user_id, lot_id: command.lot_id, removed_at: at } }] : [];
    default:
      return assertNever(command);
  }
}

export const watchingDecider: Decider<WatchingState, WatchingCommand, WatchingEvent> = {
  initialState: initialWatchingState,
  evolve: evolveWatching,
  decide: decideWatching,
};
