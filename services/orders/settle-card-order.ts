/**
 * Settling a card order still awaiting payment, now: its payment is asked of the provider first (a challenge answered
 * whose return never reached us is applied as usual: the order paid, or cancelled by the failure; a payment taken
 * whose answer never reached us at all is found by its key and recorded); otherwise the order
 * is cancelled and its lots, wallet use and voucher given back. The payment itself stays open: if the buyer still
 * completes the challenge later, the success finds the order cancelled and is refunded at once
 * (domain/orders/settlement/card-payment.ts). For the 30-minute sweep (abandoned-card-orders.ts) and for a buyer
 * cancelling their own order (cancel-own-order.ts). Safe with several processes: every step is decided on its streams.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream, type PaymentCreated } from '../../domain/payments/events';
import type { OrderPlaced } from '../../domain/orders/events';
import { settleOrderCommand } from '../../domain/orders/settlement/run';
import { applyOutcome } from '../payments/apply-outcome';
import { settlePayment } from '../payments/pending-payments';
import { paymentProvider, type ProviderResult } from '../payments/provider';
import { loadOrder, runOrderBatch } from './order-streams';
import { DEFAULT_ORDER_RETURN } from './create-order-schema';

/** How it ended: the provider's outcome applied, or the order cancelled; null when it no longer awaited payment. */
export type CardOrderSettled = 'provider_outcome' | 'cancelled' | null;

/** Throws when the provider cannot be asked (nothing is changed then). */
export async function settleCardOrder(
  ctx: AppContext, id: string, cancel: { reason: string; by: string }, metadata: EventMetadata,
): Promise<CardOrderSettled> {
  const { state, order } = await loadOrder(ctx, id);
  if (state.status !== 'awaiting_payment') return null;
  if (order.payment_id && await providerOutcome(ctx, order, order.payment_id, metadata)) return 'provider_outcome';
  const command = { type: 'CancelOrder' as const, order_id: id, reason: cancel.reason, by: cancel.by, now: ctx.clock.now().toISOString() };
  await runOrderBatch(ctx, order, (batch) => settleOrderCommand(batch, order, command), metadata);
  return 'cancelled';
}

/**
 * Applies the provider's decided outcome of the order's payment; false when it has none (a challenge still open, or
 * nothing taken). A recorded payment goes as any pending one does (pending-payments.ts). A payment never recorded
 * (create_order interrupted: the provider's answer lost) is looked up by the key it was made with and recorded as it
 * stands, so money taken without our knowing pays the order, or, the order cancelled, is refunded, instead of staying
 * with the provider unseen. Its challenge still open, it is recorded pending, so the outcome it still gets lands on it.
 */
async function providerOutcome(ctx: AppContext, order: OrderPlaced['data'], paymentId: string, metadata: EventMetadata): Promise<boolean> {
  const { state } = await ctx.commands.load(paymentStream(paymentId), paymentDecider);
  // Recorded, or at least requested (the request holds what create_order asked for): settled as any pending one.
  if (state.payment || state.request) return settlePayment(ctx, state, metadata);
  // Asked of the provider before requests were recorded.
  const found = await paymentProvider(ctx).findPayment(paymentId);
  if (!found) return false;
  await applyOutcome(ctx, paymentId, foundPayment(ctx, order, paymentId, found), found, metadata);
  return found.status !== 'requires_action';
}

/** A payment found at the provider that we never recorded, as create_order would have recorded it. */
function foundPayment(ctx: AppContext, order: OrderPlaced['data'], paymentId: string, result: ProviderResult): Omit<PaymentCreated['data'], 'at'> {
  const { brand, last4, exp_month, exp_year } = result.card;
  return {
    payment_id: paymentId, user_id: order.user_id, purpose: 'order', amount_pence: order.summary.credit_debit_card,
    card: { brand, last4, exp_month, exp_year },
    // Not known here: the name typed with the card travelled only in the request whose answer was lost.
    card_holder_name: '', save_card: false, saved_card_id: null, provider: paymentProvider(ctx).name, provider_ref: result.provider_ref,
    return_path: DEFAULT_ORDER_RETURN, return_query: {}, order_id: order.order_id,
  };
}
