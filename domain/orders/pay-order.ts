/** Paying an order: once, only while it awaits payment. */
import { NotFound, RuleBroken } from '../shared/errors';
import type { PayOrder } from './commands';
import type { OrderEvent } from './events';
import { ORDER_MSG } from './messages';
import type { OrderState } from './state';

export function payOrder(command: PayOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new NotFound(ORDER_MSG.notFound);
  if (state.status === 'cancelled') throw new RuleBroken(ORDER_MSG.cancelled);
  if (state.status !== 'awaiting_payment') throw new RuleBroken(ORDER_MSG.alreadyPaid);
  const { order_id, method, payment_id, reference, by, now } = command;
  return [{ type: 'OrderPaid', data: { order_id, method, payment_id, reference: reference?.trim() || null, by, paid_at: now } }];
}
