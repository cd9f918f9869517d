/** The personal collection (docs/collection.md): its routes, and the follower that adds won and paid lots. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { collectionRoutes } from './routes';
import { drainWonLots } from './won-lots';

interface Follower { timer: NodeJS.Timeout; running: Promise<unknown> | null }
const running = new WeakMap<AppContext, Follower>();

export const collectionFeature: Feature = {
  name: 'collection',
  routes(app, ctx) {
    collectionRoutes(app, ctx);
  },
  /** Polls like the interest matcher: a paid lot joins its buyer's collection within a poll. */
  start(ctx) {
    const follower: Follower = { running: null, timer: setInterval(() => {
      if (follower.running) return;
      follower.running = drainWonLots(ctx).catch((err) => ctx.log.error({ err }, 'collection won-lots follower failed'))
        .finally(() => (follower.running = null));
    }, 250) };
    running.set(ctx, follower);
  },
  async stop(ctx) {
    const follower = running.get(ctx);
    if (!follower) return;
    clearInterval(follower.timer);
    await follower.running;
    running.delete(ctx);
  },
};
