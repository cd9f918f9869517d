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
import type { PeriodicTask } from '../../infra/workers/periodic-task';
import type { AppContext } from '../context';
import { drainOrderMail } from './order-mailer';

interface Workers { sweeper: PeriodicTask; mailer: NodeJS.Timeout; mailing: Promise<unknown> | null }
const running = new WeakMap<AppContext, Workers>();

export const ordersFeature: Feature = {
  name: 'orders',
  routes(app, ctx) {
    createOrderRoutes(app, ctx);
    staffOrderRoutes(app, ctx);
  },
  /** The abandoned card order sweeper, and the order emails (order-mailer.ts), polling like the notification mailer. */
  start(ctx) {
    const options = { publicUrl: ctx.config.publicUrl, now: () => ctx.clock.now() };
    const workers: Workers = { sweeper: abandonedCardOrderSweeper(ctx), mailing: null, mailer: setInterval(() => {
      if (workers.mailing) return;
      workers.mailing = drainOrderMail(ctx.db, ctx.store, options).catch((err) => ctx.log.error({ err }, 'order mailer failed'))
        .finally(() => (workers.mailing = null));
    }, 250) };
    running.set(ctx, workers);
    workers.sweeper.start();
  },
  async stop(ctx) {
    const workers = running.get(ctx);
    if (!workers) return;
    clearInterval(workers.mailer);
    await workers.sweeper.stop();
    await workers.mailing;
    running.delete(ctx);
  },
};
