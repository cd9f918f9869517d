/** The lot decider: dispatch only; each command's rules live in its own file. */
import { assertNever, type Decider } from '../shared/decider';
import type { LotCommand } from './commands';
import type { LotEvent } from './events';
import { evolveLot, initialLotState, type LotState } from './state';
import { consignLot } from './consign-lot';
import { placeBid } from './place-bid';
import { changeReservePrice } from './change-reserve';
import { setLotFeatured } from './set-featured';
import { closeLot } from './close-lot';

export function decideLot(command: LotCommand, state: LotState): LotEvent[] {
  switch (command.type) {
    case 'ConsignLot':
      return consignLot(command, state);
    case 'PlaceBid':
      return placeBid(command, state);
    case 'ChangeReservePrice':
      return changeReservePrice(command, state);
    case 'SetLotFeatured':
      return setLotFeatured(command, state);
    case 'CloseLot':
      return closeLot(command, state);
    default:
      return assertNever(command);
  }
}

export const lotDecider: Decider<LotState, LotCommand, LotEvent> = {
  initialState: initialLotState,
  evolve: evolveLot,
  decide: decideLot,
};
