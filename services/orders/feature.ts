/**
 * Placing and paying orders (issue #8, write side): create_order for the four services and the four payment
 * methods, lot reservations, the paid effects (lots paid, storage, wallet use, voucher and its remainder, seller
 * settlement), card payment returns for orders (services/payments/apply-outcome.ts), card orders whose challenge
 * was never answered (abandoned-card-orders.ts), staff payment received, status and cancel, vouchers issued.
 * The read side is services/checkout. Decisions: docs/checkout.md "Orders and payment".
 */
import type { Feature } from '../features';
import { createOrderRoutes } from './routes';
import { staffOrderRoutes } from './staff-routes';
import { AbandonedCardOrderSweeper } from './abandoned-card-orders';
import type { AppContext } from '../context';

const sweepers = new WeakMap<AppContext, AbandonedCardOrderSweeper>();

export const ordersFeature: Feature = {
  name: 'orders',
  routes(app, ctx) {
    createOrderRoutes(app, ctx);
    staffOrderRoutes(app, ctx);
  },
  start(ctx) {
    const sweeper = new AbandonedCardOrderSweeper(ctx);
    sweepers.set(ctx, sweeper);
    sweeper.start();
  },
  async stop(ctx) {
    await sweepers.get(ctx)?.stop();
    sweepers.delete(ctx);
  },
};
