/** The spending cap per auction (docs/spending-cap.md): the bid path's check lives in services/bidding (companions). */
import type { Feature } from '../features';
import { spendingCapRoutes } from './routes';

export const spendingCapFeature: Feature = {
  name: 'spending-cap',
  routes: (app, ctx) => spendingCapRoutes(app, ctx),
};
