/** The order decider: dispatch only. Stream `order-<id>` (events.ts). */
import { assertNever, type Decider } from '../shared/decider';
import type { OrderCommand } from './commands';
import type { OrderEvent } from './events';
import { evolveOrder, initialOrderState, type OrderState } from './state';
import { placeOrder } from './place-order';
import { payOrder } from './pay-order';
import { changeOrderStatus } from './order-status';
import { cancelOrder } from './cancel-order';

function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'PayOrder':
      return payOrder(command, state);
    case 'ChangeOrderStatus':
      return changeOrderStatus(command, state);
    case 'CancelOrder':
      return cancelOrder(command, state);
    default:
      return assertNever(command);
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  initialState: initialOrderState,
  evolve: evolveOrder,
  decide: decideOrder,
};
