/** The audit slice: lot replays (public price log, auditor view and exports); wallet replays register here too. */
import type { Feature } from '../features';
import { lotReplayRoutes } from './lot-replay-routes';
import { walletReplayRoutes } from './wallet-routes';

export const auditFeature: Feature = {
  name: 'audit',
  routes(app, ctx) {
    lotReplayRoutes(app, ctx);
    walletReplayRoutes(app, ctx);
  },
};
