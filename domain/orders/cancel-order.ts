/** Cancelling an unpaid order (its card payment failed, staff, or the buyer). Cancelling it again records nothing. */
import { NotFound, RuleBroken, ValidationError } from '../shared/errors';
import type { CancelOrder } from './commands';
import type { OrderEvent } from './events';
import { ORDER_MSG } from './messages';
import { isPaid, type OrderState } from './state';

export function cancelOrder(command: CancelOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new NotFound(ORDER_MSG.notFound);
  if (state.status === 'cancelled') return [];
  if (isPaid(state)) throw new RuleBroken(ORDER_MSG.paidCannotCancel);
  const reason = command.reason.trim();
  if (reason === '') throw new ValidationError({ reason: [ORDER_MSG.reasonRequired] });
  return [{ type: 'OrderCancelled', data: { order_id: command.order_id, reason, by: command.by, at: command.now } }];
}

/**
 * Whether the buyer may give up an order themselves: only their own order, only while it awaits a card payment (one
 * interrupted, or whose bank check was left open), so its lots need not wait for the 30-minute sweep. An order to pay
 * by transfer or in store may have money on its way: staff cancel it. Throws the refusal; another user's order is not
 * found.
 */
export function checkBuyerCancel(state: OrderState, userId: string): void {
  if (!state.order || state.order.user_id !== userId) throw new NotFound(ORDER_MSG.notFound);
  if (state.status !== 'awaiting_payment') throw new RuleBroken(ORDER_MSG.notAwaitingPayment);
  if (state.order.payment_method !== 'CARD') throw new RuleBroken(ORDER_MSG.onlyCardOrdersByBuyer);
}
