/** Item alerts and keywords (docs/notifications.md "Item alerts and keywords"), and the interest matcher. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { drainMatches } from './interest-matcher';
import { itemAlertRoutes } from './item-routes';
import { keywordRoutes } from './keyword-routes';
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { wakesOnReadModels } from '../read-model-wakes';

const running = new WeakMap<AppContext, PeriodicTask>();

export const alertsFeature: Feature = {
  name: 'alerts',
  routes(app, ctx) {
    itemAlertRoutes(app, ctx);
    keywordRoutes(app, ctx);
  },
  /** Matches each consigned lot against keywords and followed items once (interest-matcher.ts), polling like the mailer. */
  start(ctx) {
    const matcher = new PeriodicTask('lot interest matcher', 250, () => drainMatches(ctx.db, ctx.store), ctx.log, wakesOnReadModels(ctx));
    running.set(ctx, matcher);
    matcher.start();
  },
  async stop(ctx) {
    await running.get(ctx)?.stop();
    running.delete(ctx);
  },
};
