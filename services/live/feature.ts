/** The live slice: the websocket channels, the feed that tails the event store, the cross-process signal, and the keepalive. */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { liveHub } from './hub';
import { LiveFeed } from './feed';
import { liveRoutes } from './routes';
import { createLiveSignal } from './signal/create-signal';
import type { LiveSignal } from './signal/signal';

const running = new WeakMap<AppContext, { feed: LiveFeed; signal: LiveSignal }>();

export const liveFeature: Feature = {
  name: 'live',
  routes: liveRoutes,
  async start(ctx) {
    const hub = liveHub(ctx.live);
    if (!hub) return;
    const signal = createLiveSignal({ databaseUrl: ctx.databaseUrl, natsUrl: ctx.config.natsUrl, log: ctx.log });
    const feed = new LiveFeed(ctx, hub, { signal });
    running.set(ctx, { feed, signal });
    hub.startKeepalive();
    await feed.start();
  },
  async stop(ctx) {
    // The feed closes its signal (the NATS or LISTEN connection).
    await running.get(ctx)?.feed.stop();
    running.delete(ctx);
    liveHub(ctx.live)?.stop();
  },
};

/** The running live signal of a context (tests, diagnostics). */
export function liveSignalOf(ctx: AppContext): LiveSignal | null {
  return running.get(ctx)?.signal ?? null;
}
