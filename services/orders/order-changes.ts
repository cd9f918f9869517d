/**
 * Staff changes to an order: a bank or in-store payment received (the order then completes exactly as a card
 * payment completes it), a status moved forward, an unpaid order cancelled (lots released, wallet use refunded,
 * voucher use given back). Each answers the order as it then stands.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { orderStream } from '../../domain/orders/events';
import { orderDecider } from '../../domain/orders/decide';
import { settleOrderCommand } from '../../domain/orders/settlement/run';
import type { OrderState } from '../../domain/orders/state';
import type { OrderStatus } from '../../domain/orders/events';
import { paymentReceived } from '../../domain/orders/settlement/received';
import { loadOrder, runOrderBatch } from './order-streams';
import { awaitViews } from '../../infra/http/read-your-writes';

export async function recordPaymentReceived(
  ctx: AppContext, orderId: string, reference: string, staffId: string, metadata: EventMetadata,
): Promise<OrderState> {
  const { order } = await loadOrder(ctx, orderId);
  const pay = paymentReceived(order, { reference, by: staffId, now: ctx.clock.now().toISOString() });
  const outcome = await runOrderBatch(ctx, order, (batch) => settleOrderCommand(batch, order, pay), metadata);
  return outcome.states[orderStream(orderId)] as OrderState;
}

export async function cancelUnpaidOrder(ctx: AppContext, orderId: string, reason: string, by: string, metadata: EventMetadata): Promise<OrderState> {
  const { order } = await loadOrder(ctx, orderId);
  const now = ctx.clock.now().toISOString();
  const cancel = { type: 'CancelOrder' as const, order_id: orderId, reason, by, now };
  const outcome = await runOrderBatch(ctx, order, (batch) => settleOrderCommand(batch, order, cancel), metadata);
  return outcome.states[orderStream(orderId)] as OrderState;
}

export async function moveOrderStatus(ctx: AppContext, orderId: string, to: OrderStatus, by: string, metadata: EventMetadata): Promise<OrderState> {
  await loadOrder(ctx, orderId);
  const outcome = await ctx.commands.handle(orderStream(orderId), orderDecider, {
    type: 'ChangeOrderStatus', order_id: orderId, to, by, now: ctx.clock.now().toISOString(),
  }, metadata);
  const last = outcome.append?.events.at(-1);
  await awaitViews(ctx, last);
  return outcome.state;
}
