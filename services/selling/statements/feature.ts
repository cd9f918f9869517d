/**
 * Seller statements (docs/selling.md): the per-auction seller statement PDF. The seller lists' costs and payment
 * status (services/catalogue/routes/seller-lots.ts) use this folder's sale-status loader.
 */
import type { Feature } from '../../features';
import { sellerStatementRoutes } from './routes';

export const sellerStatementsFeature: Feature = {
  name: 'seller-statements',
  routes(app, ctx) {
    sellerStatementRoutes(app, ctx);
  },
};
