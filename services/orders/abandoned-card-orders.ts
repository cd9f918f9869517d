/**
 * Card orders whose 3-D Secure challenge is never answered (the buyer closed the window) would hold their lots for
 * ever. Every minute, a card order still awaiting payment 30 minutes after it was placed is settled: the provider is
 * asked first (an answered challenge whose return never reached us is applied as usual), otherwise the order is
 * cancelled and its lots, wallet use and voucher given back. The payment itself stays open: if the buyer still
 * completes the challenge later, the success finds the order cancelled and is refunded at once
 * (domain/orders/settlement/card-payment.ts). Safe with several processes: every step is decided on its streams.
 */
import type { AppContext } from '../context';
import { paymentDecider } from '../../domain/payments/decide';
import { paymentStream } from '../../domain/payments/events';
import { isPending } from '../../domain/payments/state';
import { settleOrderCommand } from '../../domain/orders/settlement/run';
import { applyOutcome } from '../payments/apply-outcome';
import { paymentProvider } from '../payments/provider';
import { loadOrder, runOrderBatch } from './order-streams';
import { eachOnItsOwn, PeriodicTask } from '../../infra/workers/periodic-task';
import '../../projections/orders/tables';

const CARD_ORDER_TIMEOUT_MS = 30 * 60_000;
export const ABANDONED_REASON = 'The card payment was not completed in time.';
const SWEEP_EVERY_MS = 60_000;

/**
 * One pass; answers the ids of the orders it settled (paid or cancelled). An order that cannot be settled now (the
 * provider unreachable when asked about its payment) is left for the next pass and does not hold up the others.
 */
export async function sweepAbandonedCardOrders(ctx: AppContext): Promise<string[]> {
  const cutoff = new Date(ctx.clock.now().getTime() - CARD_ORDER_TIMEOUT_MS);
  const rows = await ctx.db.selectFrom('orders').select('id')
    .where('status', '=', 'awaiting_payment').where('payment_method', '=', 'CARD').where('placed_at', '<=', cutoff)
    .orderBy('placed_at').limit(100).execute();
  return eachOnItsOwn(rows.map((r) => r.id), (id) => settleAbandoned(ctx, id),
    (err, id) => ctx.log.warn({ err, order_id: id }, 'abandoned card order not settled: the next pass tries again'));
}

/** The provider's outcome if it has one, else the order cancelled; false when it no longer awaits payment. */
async function settleAbandoned(ctx: AppContext, id: string): Promise<boolean> {
  const metadata = { user_id: 'system' };
  const { state, order } = await loadOrder(ctx, id);
  if (state.status !== 'awaiting_payment') return false;
  if (order.payment_id) {
    const payment = (await ctx.commands.load(paymentStream(order.payment_id), paymentDecider)).state;
    if (payment.payment && isPending(payment)) {
      // Asked first: a challenge answered whose return never reached us is applied as usual. Unreachable: not now.
      const result = await paymentProvider(ctx).getPayment(payment.payment.provider_ref);
      if (result && result.status !== 'requires_action') {
        await applyOutcome(ctx, order.payment_id, null, result, metadata);
        return true;
      }
    }
  }
  const cancel = { type: 'CancelOrder' as const, order_id: id, reason: ABANDONED_REASON, by: 'system', now: ctx.clock.now().toISOString() };
  await runOrderBatch(ctx, order, (batch) => settleOrderCommand(batch, order, cancel), metadata);
  return true;
}

/** The sweeper of a running server (ordersFeature.start / stop). */
export const abandonedCardOrderSweeper = (ctx: AppContext) =>
  new PeriodicTask('abandoned card order sweep', SWEEP_EVERY_MS, () => sweepAbandonedCardOrders(ctx), ctx.log);
