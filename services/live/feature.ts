/** The live slice: the websocket channels, the feed that tails the event store, and the keepalive. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { liveHub } from './hub';
import { LiveFeed } from './feed';
import { liveRoutes } from './routes';

const feeds = new WeakMap<AppContext, LiveFeed>();

export const liveFeature: Feature = {
  name: 'live',
  routes: liveRoutes,
  async start(ctx) {
    const hub = liveHub(ctx.live);
    if (!hub) return;
    const feed = new LiveFeed(ctx, hub);
    feeds.set(ctx, feed);
    hub.startKeepalive();
    await feed.start();
  },
  async stop(ctx) {
    await feeds.get(ctx)?.stop();
    feeds.delete(ctx);
    liveHub(ctx.live)?.stop();
  },
};
