/**
 * Each process tails the event store from "now" and pushes to its own sockets, whoever wrote the event: woken at
 * once by appends made in this process, and by the live signal (signal/) for appends made by other processes. The
 * signal only wakes; what is sent is always read from the event store, and a slow fallback poll reads anyway in case
 * a signal was lost (docs/live.md, "Cross-process signal").
 *
 * Two reads per wake: the fast path (EventStore.readCommittedAfter: committed events by position) for latency, and
 * EventStore.readFeed, which never skips a late-committing event, for completeness. The dispatcher ignores the
 * second copy of an event, so every event is pushed once, as early as it can be seen.
 *
 * Why two reads: readFeed stops at the oldest open writing transaction of this database (feed-horizon.ts), and under
 * bid load some writer (a projection runner batch, a commit tick) is nearly always open, which would hold every price
 * update back by as long. Within
 * one lot stream versions commit in order (each append waits for the previous one's row lock), so a lot state folded
 * from the fast path is never missing a step it can see.
 */
import type { AppContext } from '../context';
import type { FeedCursor, StoredEvent } from '../../infra/event-store/types';
import { Coalescer } from './coalescer';
import { LiveDispatcher } from './dispatch';
import type { LiveHub } from './hub';
import { LiveLots } from './live-lots';
import type { LiveSignal } from './signal/signal';

const MIN_GAP_MS = 15;

interface LiveFeedOptions {
  coalesceMs?: number;
  /** Wakes other processes and is woken by them; null: poll every `tickMs` (the feed alone in its process). */
  signal?: LiveSignal | null;
  /** The poll's tick: how often the feed reads while the signal is down or appends were seen lately. */
  tickMs?: number;
  /** With the signal up and nothing appended lately: read at least this often, in case a signal was lost. */
  fallbackMs?: number;
  /** "Lately": after an append or a signal, keep reading every tick this long (see tick()). */
  busyMs?: number;
}

export class LiveFeed {
  private cursor: FeedCursor | null = null;
  private fastPosition = 0;
  private readonly coalescer: Coalescer;
  private readonly dispatcher: LiveDispatcher;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private pause: NodeJS.Timeout | null = null;
  private lastWake = 0;
  private lastActivity = 0;
  private readonly signal: LiveSignal | null;

  constructor(private readonly ctx: AppContext, hub: LiveHub, private readonly options: LiveFeedOptions = {}) {
    this.signal = options.signal ?? null;
    this.coalescer = new Coalescer((lotId, text) => hub.toLotState(lotId, text), options.coalesceMs ?? 100);
    const lots = new LiveLots((streamId) => ctx.store.readStream(streamId));
    // A socket that subscribes gets each lot's state as this feed knows it (routes.ts): the page read the lot from
    // the read models, which may trail the feed, and the bids in between were pushed before it listened.
    hub.setLotStates((lotId) => lots.current(lotId));
    this.dispatcher = new LiveDispatcher(hub, lots, this.coalescer, () => ctx.clock.now());
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.cursor = await this.ctx.store.feedHead();
    this.fastPosition = await this.ctx.store.lastPosition();
    this.unsubscribe = this.ctx.store.onAppended(() => {
      this.active();
      this.signal?.publish();
    });
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 100);
    this.timer.unref?.();
    await this.signal?.start(() => this.active());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    if (this.pause) clearTimeout(this.pause);
    await this.signal?.close();
    while (this.running) await this.running;
    this.coalescer.stop();
  }

  /** An append here or a signal from elsewhere: read now. */
  private active(): void {
    this.lastActivity = Date.now();
    this.wake();
  }

  /**
   * The poll. Every tick while the signal is down (as before there was one), and for `busyMs` after any activity: an
   * event the fast path skipped (it committed after a later one) reaches the guaranteed path only once the oldest
   * open transaction in the cluster ends, and nothing signals that. Otherwise every `fallbackMs`, for lost signals.
   */
  private tick(): void {
    const now = Date.now();
    const busy = now - this.lastActivity < (this.options.busyMs ?? 2000);
    const due = now - this.lastWake >= (this.options.fallbackMs ?? 1000);
    if (!this.signal?.connected || busy || due) this.wake();
  }

  wake(): void {
    if (this.stopped || !this.cursor) return;
    if (this.running || this.pause) {
      this.again = true;
      return;
    }
    this.again = false;
    const started = Date.now();
    this.lastWake = started;
    this.running = this.drain()
      .catch((error) => this.ctx.log.error({ err: error }, 'live feed failed'))
      .finally(() => {
        this.running = null;
        if (!this.again) return;
        // Under a stream of appends, read at most every MIN_GAP_MS: lot updates are coalesced to 100 ms anyway.
        this.pause = setTimeout(() => {
          this.pause = null;
          this.wake();
        }, Math.max(0, MIN_GAP_MS - (Date.now() - started)));
      });
  }

  private async drain(): Promise<void> {
    // Bounded: a backlog larger than this waits for the next wake (the next tick: activity keeps the poll fast).
    for (let round = 0; round < 20 && !this.stopped; round++) {
      const fresh = await this.ctx.store.readCommittedAfter(this.fastPosition, 500);
      if (fresh.length > 0) {
        await this.dispatch(fresh);
        this.fastPosition = fresh[fresh.length - 1].position;
      }
      const guaranteed = await this.ctx.store.readFeed(this.cursor!, 500);
      if (guaranteed.length > 0) {
        await this.dispatch(guaranteed);
        const last = guaranteed[guaranteed.length - 1];
        this.cursor = { transaction_id: last.transaction_id, position: last.position };
      }
      if (fresh.length < 500 && guaranteed.length < 500) return;
    }
  }

  private async dispatch(events: StoredEvent[]): Promise<void> {
    for (const event of events) await this.dispatcher.handle(event);
    this.dispatcher.endBatch();
  }
}
