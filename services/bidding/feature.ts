/** The bidding slice: the bid and reserve endpoints (through the lot writers) and the closing scheduler. */
import type { Feature } from '../features';
import { biddingRoutes } from './routes';
import { closingScheduler } from './closing-scheduler';
import { lotWriters } from './lot-writers';

export const biddingFeature: Feature = {
  name: 'bidding',
  routes: biddingRoutes,
  start: (ctx) => closingScheduler(ctx).start(),
  async stop(ctx) {
    await closingScheduler(ctx).stop();
    await lotWriters(ctx).drain();
  },
};
