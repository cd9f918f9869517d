/** The lot decider: dispatch only; each command's rules live in its own file. */
import { assertNever, type Decider } from '../../shared/decider';
import type { LotCommand } from './commands';
import type { LotEvent } from './events';
import { evolveLot, initialLotState, type LotState } from './state';
import { consignLot } from './consign-lot';
import { placeBid } from './place-bid';
import { changeReservePrice } from './change-reserve';
import { setLotFeatured } from './set-featured';
import { closeLot } from './close-lot';
import { editLot } from './edit-lot';
import { withdrawLot } from './withdraw-lot';
import { rescheduleLotEnd } from './reschedule-lot-end';

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
    case 'EditLot':
      return editLot(command, state);
    case 'WithdrawLot':
      return withdrawLot(command, state);
    case 'RescheduleLotEnd':
      return rescheduleLotEnd(command, state);
    default:
      return assertNever(command);
  }
}

export const lotDecider: Decider<LotState, LotCommand, LotEvent> = {
  initialState: initialLotState,
  evolve: evolveLot,
  decide: decideLot,
};
