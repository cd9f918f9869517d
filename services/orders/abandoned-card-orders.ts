/**
 * Card orders whose 3-D Secure challenge is never answered (the buyer closed the window) would hold their lots for
 * ever. Every minute, a card order still awaiting payment 30 minutes after it was placed is settled
 * (settle-card-order.ts: the provider's outcome if it has one, else the order cancelled and its lots given back).
 */
import type { AppContext } from '../context';
import { settleCardOrder } from './settle-card-order';
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
  const system = { user_id: 'system' };
  return eachOnItsOwn(rows.map((r) => r.id), async (id) => await settleCardOrder(ctx, id, { reason: ABANDONED_REASON, by: 'system' }, system) !== null,
    (err, id) => ctx.log.warn({ err, order_id: id }, 'abandoned card order not settled: the next pass tries again'));
}

/** The sweeper of a running server (ordersFeature.start / stop). */
export const abandonedCardOrderSweeper = (ctx: AppContext) =>
  new PeriodicTask('abandoned card order sweep', SWEEP_EVERY_MS, () => sweepAbandonedCardOrders(ctx), ctx.log);
