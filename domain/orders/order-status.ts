/**
 * Staff move a paid order forward along its service's path (product: awaiting_payment -> paid -> processing ->
 * shipped | ready_for_collection -> collected, or paid -> stored). Steps may be skipped, never taken back; paying
 * and cancelling have their own commands.
 */
import { assertNever } from '../shared/decider';
import { NotFound, RuleBroken } from '../shared/errors';
import type { Service } from '../checkout/types';
import type { ChangeOrderStatus } from './commands';
import type { OrderEvent, OrderStatus } from './events';
import { ORDER_MSG } from './messages';
import type { OrderState } from './state';

/** The statuses an order of each service passes through once paid, in order. */
function statusPath(service: Service): OrderStatus[] {
  switch (service) {
    case 'delivery':
      return ['paid', 'processing', 'shipped'];
    case 'collection':
      return ['paid', 'processing', 'ready_for_collection', 'collected'];
    case 'storage':
      return ['paid', 'stored'];
    case 'wallet_settle':
      return ['paid'];
    default:
      return assertNever(service);
  }
}

/** The statuses staff may move an order of `service` to from `status` (later on its path). */
export function nextStatusesFor(service: Service, status: OrderStatus): OrderStatus[] {
  const path = statusPath(service);
  const at = path.indexOf(status);
  return at < 0 ? [] : path.slice(at + 1);
}

/** The statuses staff may move an order to now. */
export function nextStatuses(state: OrderState): OrderStatus[] {
  if (!state.order || state.status === 'none') return [];
  return nextStatusesFor(state.order.service, state.status);
}

export function changeOrderStatus(command: ChangeOrderStatus, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new NotFound(ORDER_MSG.notFound);
  const from = state.status;
  if (command.to === from) return [];
  if (from === 'cancelled') throw new RuleBroken(ORDER_MSG.cancelled);
  if (from === 'awaiting_payment') throw new RuleBroken(ORDER_MSG.notPaidYet);
  if (!nextStatuses(state).includes(command.to)) throw new RuleBroken(ORDER_MSG.cannotMove(from, command.to));
  return [{ type: 'OrderStatusChanged', data: { order_id: command.order_id, from, to: command.to, by: command.by, at: command.now } }];
}
