/**
 * The unsold-lot decider (stream `unsold-lot-<lotId>`): staff relist a lot that closed unsold into a later auction, or
 * return its bottles to the seller; once, either way. The lot's outcome comes in with the command (read by the caller).
 */
import { assertNever, type Decider } from '../../shared/decider';
import { Conflict, RuleBroken } from '../../shared/errors';
import type { UnsoldLotCommand } from './commands';
import type { UnsoldLotEvent } from './events';
import { SELL_MSG } from './messages';

export interface UnsoldLotState { handled: 'relisted' | 'returned' | null; newLotId: string | null }

const initialUnsoldLotState: UnsoldLotState = Object.freeze({ handled: null, newLotId: null }) as UnsoldLotState;

function evolveUnsoldLot(_state: UnsoldLotState, event: UnsoldLotEvent): UnsoldLotState {
  switch (event.type) {
    case 'UnsoldLotRelisted':
      return { handled: 'relisted', newLotId: event.data.new_lot_id };
    case 'UnsoldLotReturned':
      return { handled: 'returned', newLotId: null };
    default:
      return assertNever(event);
  }
}

function decideUnsoldLot(c: UnsoldLotCommand, state: UnsoldLotState): UnsoldLotEvent[] {
  if (c.outcome !== 'unsold') throw new RuleBroken(SELL_MSG.onlyUnsold);
  if (state.handled !== null) throw new Conflict(SELL_MSG.alreadyHandled);
  switch (c.type) {
    case 'RelistUnsoldLot':
      return [{ type: 'UnsoldLotRelisted', data: { lot_id: c.lot_id, new_lot_id: c.new_lot_id, auction_id: c.auction_id, seller_id: c.seller_id, by: c.by, at: c.now } }];
    case 'ReturnUnsoldLot':
      return [{ type: 'UnsoldLotReturned', data: { lot_id: c.lot_id, seller_id: c.seller_id, note: c.note.trim(), by: c.by, at: c.now } }];
    default:
      return assertNever(c);
  }
}

export const unsoldLotDecider: Decider<UnsoldLotState, UnsoldLotCommand, UnsoldLotEvent> = {
  initialState: initialUnsoldLotState,
  evolve: evolveUnsoldLot,
  decide: decideUnsoldLot,
};
