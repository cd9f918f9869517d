/**
 * The order's side of its card payment: a success pays the order; a failure cancels it (cancelled.ts then gives
 * everything back). A success for an order that no longer awaits payment (staff cancelled it, or the sweeper did,
 * while the buyer was in the 3-D Secure challenge) is refunded at once; a failure then changes nothing.
 */
import type { PaymentFailed, PaymentSucceeded } from '../../payments/events';
import { toOrder, toPayment, type SettlementOutput } from './outputs';
import { awaitsPayment, placedOrder, type SettlementState } from './state';

export const ORDER_NOT_AWAITING_REFUND = 'The order was no longer awaiting payment.';
const cardFailedReason = (message: string) => `Card payment failed: ${message}`;
/** The actor of a cancellation caused by the card provider's answer. */
/** Who cancels an order whose card payment failed (OrderCancelled.by). */
export const PAYMENTS = 'payments';

export function onCardSucceeded(payment: PaymentSucceeded['data'], state: SettlementState): SettlementOutput[] {
  if (!awaitsPayment(state)) return [toPayment({ type: 'RefundPayment', payment_id: payment.payment_id, reason: ORDER_NOT_AWAITING_REFUND })];
  const order = placedOrder(state);
  return [toOrder({
    type: 'PayOrder', order_id: order.order_id, method: 'CARD', payment_id: payment.payment_id, reference: null, by: order.user_id, now: payment.at,
  })];
}

export function onCardFailed(payment: PaymentFailed['data'], state: SettlementState): SettlementOutput[] {
  if (!awaitsPayment(state)) return [];
  const order = placedOrder(state);
  return [toOrder({ type: 'CancelOrder', order_id: order.order_id, reason: cardFailedReason(payment.message), by: PAYMENTS, now: payment.at })];
}
