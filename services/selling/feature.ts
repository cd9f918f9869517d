/** Sell requests (issue #10, docs/selling.md "Sell requests"): the seller's calls and the staff's handling. */
import type { Feature } from '../features';
import { sellRequestRoutes } from './routes';
import { staffSellRequestRoutes } from './staff-routes';
import { receiveRoutes } from './receive';

export const sellRequestsFeature: Feature = {
  name: 'sell-requests',
  async routes(app, ctx) {
    sellRequestRoutes(app, ctx);
    staffSellRequestRoutes(app, ctx);
    await receiveRoutes(app, ctx);
  },
};
