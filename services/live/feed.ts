/**
 * Each process tails the event store from "now" and pushes to its own sockets, whoever wrote the event: woken at
 * once by appends made in this process, and by polling every `pollMs` for appends made by other processes. Two
 * reads per wake: the fast path (EventStore.readCommittedAfter: committed events by position) for latency, and
 * EventStore.readFeed, which never skips a late-committing event, for completeness. The dispatcher ignores the
 * second copy of an event, so every event is pushed once, as early as it can be seen.
 *
 * Why two reads: readFeed stops at the oldest open transaction in the cluster, and under bid load the projection
 * runner's batch transactions are open for whole seconds, which would hold every price update back as long. Within
 * one lot stream versions commit in order (each append waits for the previous one's row lock), so a lot state folded
 * from the fast path is never missing a step it can see.
 */
import type { AppContext } from '../context';
import type { FeedCursor, StoredEvent } from '../event-store/types';
import { Coalescer } from './coalescer';
import { LiveDispatcher } from './dispatch';
import type { LiveHub } from './hub';
import { LiveLots } from './live-lots';

const MIN_GAP_MS = 15;

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

  constructor(private readonly ctx: AppContext, hub: LiveHub, private readonly options: { pollMs?: number; coalesceMs?: number } = {}) {
    this.coalescer = new Coalescer((lotId, text) => hub.toLotWatchers([lotId], text), options.coalesceMs ?? 100);
    const lots = new LiveLots((streamId) => ctx.store.readStream(streamId));
    this.dispatcher = new LiveDispatcher(hub, lots, this.coalescer, () => ctx.clock.now());
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.cursor = await this.ctx.store.feedHead();
    this.fastPosition = await this.ctx.store.lastPosition();
    this.unsubscribe = this.ctx.store.onAppended(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 100);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    if (this.pause) clearTimeout(this.pause);
    while (this.running) await this.running;
    this.coalescer.stop();
  }

  wake(): void {
    if (this.stopped || !this.cursor) return;
    if (this.running || this.pause) {
      this.again = true;
      return;
    }
    this.again = false;
    const started = Date.now();
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
    // Bounded: a backlog larger than this waits for the next wake (at most pollMs away).
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
