/**
 * Each process tails the event store from "now" and pushes to its own sockets, whoever wrote the event: woken at
 * once by appends made in this process, and by polling every `pollMs` for appends made by other processes. The
 * feed never skips a late-committing event (EventStore.readFeed), so no update is lost between processes.
 */
import type { AppContext } from '../context';
import type { FeedCursor } from '../event-store/types';
import { Coalescer } from './coalescer';
import { LiveDispatcher } from './dispatch';
import type { LiveHub } from './hub';
import { LiveLots } from './live-lots';

export class LiveFeed {
  private cursor: FeedCursor | null = null;
  private readonly coalescer: Coalescer;
  private readonly dispatcher: LiveDispatcher;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly ctx: AppContext, hub: LiveHub, private readonly options: { pollMs?: number; coalesceMs?: number } = {}) {
    this.coalescer = new Coalescer((lotId, text) => hub.toLotWatchers([lotId], text), options.coalesceMs ?? 100);
    const lots = new LiveLots((streamId) => ctx.store.readStream(streamId));
    this.dispatcher = new LiveDispatcher(hub, lots, this.coalescer, () => ctx.clock.now());
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.cursor = await this.ctx.store.feedHead();
    this.unsubscribe = this.ctx.store.onAppended(() => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 100);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
    this.coalescer.stop();
  }

  wake(): void {
    if (this.stopped || !this.cursor) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error) => this.ctx.log.error({ err: error }, 'live feed failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    // Bounded: a backlog larger than this waits for the next wake (at most pollMs away).
    for (let round = 0; round < 20 && !this.stopped; round++) {
      const events = await this.ctx.store.readFeed(this.cursor!, 500);
      if (events.length === 0) return;
      for (const event of events) await this.dispatcher.handle(event);
      this.dispatcher.endBatch();
      const last = events[events.length - 1];
      this.cursor = { transaction_id: last.transaction_id, position: last.position };
    }
  }
}
