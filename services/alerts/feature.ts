/** Item alerts and keywords (docs/notifications.md "Item alerts and keywords"), and the interest matcher. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { drainMatches } from './interest-matcher';
import { itemAlertRoutes } from './item-routes';
import { keywordRoutes } from './keyword-routes';

interface Matcher { timer: NodeJS.Timeout; running: Promise<unknown> | null }
const running = new WeakMap<AppContext, Matcher>();

export const alertsFeature: Feature = {
  name: 'alerts',
  routes(app, ctx) {
    itemAlertRoutes(app, ctx);
    keywordRoutes(app, ctx);
  },
  /** Matches each consigned lot against keywords and followed items once (interest-matcher.ts), polling like the mailer. */
  start(ctx) {
    const matcher: Matcher = { running: null, timer: setInterval(() => {
      if (matcher.running) return;
      matcher.running = drainMatches(ctx.db, ctx.store).catch((err) => ctx.log.error({ err }, 'lot interest matcher failed'))
        .finally(() => (matcher.running = null));
    }, 250) };
    running.set(ctx, matcher);
  },
  async stop(ctx) {
    const matcher = running.get(ctx);
    if (!matcher) return;
    clearInterval(matcher.timer);
    await matcher.running;
    running.delete(ctx);
  },
};
