/**
 * Settling a card order still awaiting payment, now: its payment is asked of the provider first (a challenge answered
 * whose return never reached us is applied as usual: the order paid, or cancelled by the failure); otherwise the order
 * is cancelled and its lots, wallet use and voucher given back. The payment itself stays open: if the buyer still
 * completes the challenge later, the success finds the order cancelled and is refunded at once
 * (domain/orders/settlement/card-payment.ts). For the 30-minute sweep (abandoned-card-orders.ts) and for a buyer
 * cancelling their own order (cancel-own-order.ts). Safe with several processes: every step is decided on its streams.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream } from '../../domain/payments/events';
import { isPending } from '../../domain/payments/state';
import { settleOrderCommand } from '../../domain/orders/settlement/run';
import { applyOutcome } from '../payments/apply-outcome';
import { paymentProvider } from '../payments/provider';
import { loadOrder, runOrderBatch } from './order-streams';

/** How it ended: the provider's outcome applied, or the order cancelled; null when it no longer awaited payment. */
export type CardOrderSettled = 'provider_outcome' | 'cancelled' | null;

/** Throws when the provider cannot be asked (nothing is changed then). */
export async function settleCardOrder(
  ctx: AppContext, id: string, cancel: { reason: string; by: string }, metadata: EventMetadata,
): Promise<CardOrderSettled> {
  const { state, order } = await loadOrder(ctx, id);
  if (state.status !== 'awaiting_payment') return null;
  if (order.payment_id) {
    const payment = (await ctx.commands.load(paymentStream(order.payment_id), paymentDecider)).state;
    if (payment.payment && isPending(payment)) {
      const result = await paymentProvider(ctx).getPayment(payment.payment.provider_ref);
      if (result && result.status !== 'requires_action') {
        await applyOutcome(ctx, order.payment_id, null, result, metadata);
        return 'provider_outcome';
      }
    }
  }
  const command = { type: 'CancelOrder' as const, order_id: id, reason: cancel.reason, by: cancel.by, now: ctx.clock.now().toISOString() };
  await runOrderBatch(ctx, order, (batch) => settleOrderCommand(batch, order, command), metadata);
  return 'cancelled';
}
