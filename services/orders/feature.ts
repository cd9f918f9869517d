/**
 * Placing and paying orders (issue #8, write side): create_order for the four services and the four payment
 * methods, lot reservations, the paid effects (lots paid, storage, wallet use, voucher and its remainder, seller
 * settlement), card payment returns for orders (services/payments/apply-outcome.ts), card orders whose challenge
 * was never answered (abandoned-card-orders.ts), the order emails (order-mailer.ts), staff payment received, status and cancel, vouchers issued.
 * The read side is services/checkout. Decisions: docs/checkout.md "Orders and payment".
 */
import type { Feature } from '../features';
import { createOrderRoutes } from './routes';
import { staffOrderRoutes } from './staff-routes';
import { abandonedCardOrderSweeper } from './abandoned-card-orders';
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { wakesOnReadModels } from '../read-model-wakes';
import type { AppContext } from '../context';
import { drainOrderMail } from './order-mailer';

const running = new WeakMap<AppContext, PeriodicTask[]>();

export const ordersFeature: Feature = {
  name: 'orders',
  routes(app, ctx) {
    createOrderRoutes(app, ctx);
    staffOrderRoutes(app, ctx);
  },
  /** The abandoned card order sweeper, and the order emails (order-mailer.ts), polling like the notification mailer. */
  start(ctx) {
    const options = { publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() };
    const workers = [abandonedCardOrderSweeper(ctx), new PeriodicTask('order mailer', 250, () => drainOrderMail(ctx.db, ctx.store, options), ctx.log, wakesOnReadModels(ctx))];
    running.set(ctx, workers);
    for (const worker of workers) worker.start();
  },
  async stop(ctx) {
    for (const worker of running.get(ctx) ?? []) await worker.stop();
    running.delete(ctx);
  },
};
