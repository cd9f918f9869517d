/** Cancelling an unpaid order (its card payment failed, or staff). Cancelling it again records nothing. */
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
