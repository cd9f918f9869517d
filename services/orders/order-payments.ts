/**
 * An order's side of its card payment (purpose 'order'), decided in the same transaction as the payment's outcome
 * (services/payments/apply-outcome.ts): a success pays the order with all its effects; a failure cancels it (lots
 * free again, wallet use refunded, voucher use given back). A success for an order that no longer awaits payment
 * (staff cancelled it while the buyer was in the 3-D Secure challenge) is refunded at once.
 */
import type { AppContext } from '../context';
import type { DomainEvent } from '../event-store/types';
import type { StreamRef } from '../commands/multi-stream';
import { orderStream, type OrderPlaced } from '../../domain/order/events';
import { cancelOrderEffects, payOrderEffects } from '../../domain/order/order-effects';
import type { OrderState } from '../../domain/order/state';
import { StreamBatch } from '../../domain/order/stream-batch';
import { loadOrder, orderStreamRefs } from './order-streams';

export const ORDER_NOT_AWAITING_REFUND = 'The order was no longer awaiting payment.';
export const cardFailedReason = (message: string) => `Card payment failed: ${message}`;

export interface OrderPaymentPlan { order: OrderPlaced['data']; streams: StreamRef[] }

export async function orderPaymentPlan(ctx: Pick<AppContext, 'commands'>, orderId: string): Promise<OrderPaymentPlan> {
  const { order } = await loadOrder(ctx, orderId);
  return { order, streams: orderStreamRefs(order) };
}

export type CardOutcome =
  | { status: 'succeeded'; payment_id: string }
  | { status: 'failed'; message: string };

/** The events on the order's streams, and the refund reason when the money must go back. */
export function decideOrderPayment(
  states: Record<string, unknown>, order: OrderPlaced['data'], outcome: CardOutcome, now: string,
): { events: Record<string, DomainEvent[]>; refund: string | null } {
  const batch = new StreamBatch(states);
  const awaiting = batch.state<OrderState>(orderStream(order.order_id)).status === 'awaiting_payment';
  if (outcome.status === 'failed') {
    if (awaiting) cancelOrderEffects(batch, order, { reason: cardFailedReason(outcome.message), by: 'payments', now });
    return { events: batch.events, refund: null };
  }
  if (!awaiting) return { events: {}, refund: ORDER_NOT_AWAITING_REFUND };
  payOrderEffects(batch, order, { method: 'CARD', payment_id: outcome.payment_id, reference: null, by: order.user_id, now });
  return { events: batch.events, refund: null };
}
