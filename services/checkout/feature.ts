/**
 * The checkout's read side (issue #8): the checkout page's lists and prices, the unpaid-lots notice, the orders
 * history with invoice PDFs, the staff order and voucher lists, and the lot page's costs. Placing and paying orders:
 * services/orders. Decisions: docs/checkout.md "Read side".
 */
import type { Feature } from '../features';
import { checkoutRoutes } from './checkout-routes';
import { unpaidNoticeRoutes } from './unpaid-notice';
import { ordersRoutes } from './orders-routes';
import { staffCheckoutRoutes } from './staff-routes';
import { lotCostsRoutes } from './lot-costs-route';

export const checkoutFeature: Feature = {
  name: 'checkout',
  routes(app, ctx) {
    checkoutRoutes(app, ctx);
    unpaidNoticeRoutes(app, ctx);
    ordersRoutes(app, ctx);
    staffCheckoutRoutes(app, ctx);
    lotCostsRoutes(app, ctx);
  },
};
