/** The abuse limits' upkeep: prunes ended PostgreSQL windows, closes the Redis connection with the app. */
import type { Feature } from '../features';
import type { AppContext } from '../context';
import { closeLimits, limitsOf } from './limits';

const PRUNE_EVERY_MS = 5 * 60 * 1000;
const timers = new WeakMap<AppContext, NodeJS.Timeout>();

export const limitsFeature: Feature = {
  name: 'limits',
  routes(app, ctx) {
    app.addHook('onClose', async () => closeLimits(ctx));
  },
  start(ctx) {
    const timer = setInterval(() => {
      limitsOf(ctx).store.prune(ctx.clock.now()).catch((error) => ctx.log.warn({ err: error }, 'pruning rate limit counters failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
    timers.set(ctx, timer);
  },
  stop(ctx) {
    clearInterval(timers.get(ctx));
    timers.delete(ctx);
  },
};
