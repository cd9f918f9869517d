/** The lot-purchase decider: dispatch only. Stream `lot-purchase-<lotId>` (events.ts). */
import { assertNever, type Decider } from '../shared/decider';
import type { LotPurchaseCommand } from './lot-purchase-commands';
import type { LotPurchaseEvent } from './events';
import { evolveLotPurchase, initialLotPurchaseState, type LotPurchaseState } from './lot-purchase-state';
import { extendLotStorage, leaveStorage, payLot, releaseLotReservation, reserveLot } from './lot-purchase';

function decideLotPurchase(command: LotPurchaseCommand, state: LotPurchaseState): LotPurchaseEvent[] {
  switch (command.type) {
    case 'ReserveLot':
      return reserveLot(command, state);
    case 'ReleaseLotReservation':
      return releaseLotReservation(command, state);
    case 'PayLot':
      return payLot(command, state);
    case 'ExtendLotStorage':
      return extendLotStorage(command, state);
    case 'LeaveStorage':
      return leaveStorage(command, state);
    default:
      return assertNever(command);
  }
}

export const lotPurchaseDecider: Decider<LotPurchaseState, LotPurchaseCommand, LotPurchaseEvent> = {
  initialState: initialLotPurchaseState,
  evolve: evolveLotPurchase,
  decide: decideLotPurchase,
};
