/**
 * The live slice: the websocket channels, the feed that tails the event store, the cross-process signal, and the
 * keepalive. On an API node (`SERVER_ROLE=api`) only the signal, published after each append here.
 */
import type { AppContext } from '../context';
import type { Feature } from '../features';
import { liveHub } from './hub';
import { LiveFeed } from './feed';
import { liveRoutes } from './routes';
import { createLiveSignal } from './signal/create-signal';
import type { LiveSignal } from './signal/signal';
import { SignedOutSweep } from './signed-out-sweep';

const running = new WeakMap<AppContext, { feed: LiveFeed | null; signal: LiveSignal; unsubscribe?: () => void; sweep?: SignedOutSweep }>();

export const liveFeature: Feature = {
  name: 'live',
  routes(app, ctx) {
    // An API node serves no socket: nginx (or another balancer) sends /ws/ to the live nodes.
    if (ctx.config.role !== 'api') liveRoutes(app, ctx);
  },
  async start(ctx) {
    const newSignal = () => createLiveSignal({ databaseUrl: ctx.databaseUrl, natsUrl: ctx.config.natsUrl, log: ctx.log });
    if (ctx.config.role === 'api') {
      const signal = newSignal();
      // No feed to read for: only wake the live nodes when this process appended.
      const unsubscribe = ctx.store.onAppended(() => signal.publish());
      running.set(ctx, { feed: null, signal, unsubscribe });
      await signal.start(() => {});
      return;
    }
    const hub = liveHub(ctx.live);
    if (!hub) return;
    const signal = newSignal();
    const feed = new LiveFeed(ctx, hub, { signal });
    const sweep = new SignedOutSweep(ctx, hub);
    running.set(ctx, { feed, signal, sweep });
    hub.startKeepalive();
    sweep.start();
    await feed.start();
  },
  async stop(ctx) {
    const live = running.get(ctx);
    running.delete(ctx);
    live?.unsubscribe?.();
    live?.sweep?.stop();
    // The feed closes its signal (the NATS or LISTEN connection).
    await (live?.feed ? live.feed.stop() : live?.signal.close());
    liveHub(ctx.live)?.stop();
  },
};

/** The running live signal of a context (tests, diagnostics). */
export function liveSignalOf(ctx: AppContext): LiveSignal | null {
  return running.get(ctx)?.signal ?? null;
}
