/** The personal collection (docs/collection.md): its routes, and the follower that adds won and paid lots. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { collectionRoutes } from './routes';
import { drainWonLots } from './won-lots';
import { PeriodicTask } from '../../infra/workers/periodic-task';
import { wakesOnReadModels } from '../read-model-wakes';

const running = new WeakMap<AppContext, PeriodicTask>();

export const collectionFeature: Feature = {
  name: 'collection',
  routes(app, ctx) {
    collectionRoutes(app, ctx);
  },
  /** Follows the read models like the interest matcher: a paid lot joins its buyer's collection right after they move. */
  start(ctx) {
    const follower = new PeriodicTask('collection won-lots follower', 250, () => drainWonLots(ctx), ctx.log, wakesOnReadModels(ctx));
    running.set(ctx, follower);
    follower.start();
  },
  async stop(ctx) {
    await running.get(ctx)?.stop();
    running.delete(ctx);
  },
};
