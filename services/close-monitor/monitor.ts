/**
 * The close monitor of one process: while at least one staff socket watches, it reads the totals once a second and
 * sends each new sample to every watcher; a new watcher first gets the samples of the last five minutes. Nobody
 * watching: no reads at all (the monitor costs the close nothing unless staff look at it).
 */
import type { AppContext } from '../context';
import { nextSample, type CloseSample, type Totals } from './sample';
import { readTotals } from './read-totals';

const HISTORY = 300;
const OPEN = 1;

interface Watcher { readyState: number; send(data: string): void }

export class CloseMonitor {
  private readonly watchers = new Set<Watcher>();
  private readonly history: CloseSample[] = [];
  private last: Totals | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private reading = false;

  constructor(private readonly ctx: AppContext, private readonly read: (ctx: AppContext) => Promise<Totals> = readTotals, private readonly everyMs = 1_000) {}

  watch(watcher: Watcher): () => void {
    this.watchers.add(watcher);
    watcher.send(JSON.stringify({ purpose: 'close_history', samples: this.history }));
    if (!this.timer) {
      this.timer = setInterval(() => void this.tick(), this.everyMs);
      this.timer.unref?.();
      void this.tick();
    }
    return () => this.unwatch(watcher);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watchers.clear();
  }

  private unwatch(watcher: Watcher): void {
    this.watchers.delete(watcher);
    if (this.watchers.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    // The next watcher starts a fresh series: a gap would otherwise be averaged into one long "second".
    this.last = null;
  }

  private async tick(): Promise<void> {
    if (this.reading) return; // a slow database: skip a second rather than pile reads up
    this.reading = true;
    try {
      const totals = await this.read(this.ctx);
      const sample = nextSample(this.last, totals);
      this.last = totals;
      this.history.push(sample);
      if (this.history.length > HISTORY) this.history.splice(0, this.history.length - HISTORY);
      const message = JSON.stringify({ purpose: 'close_sample', sample });
      for (const w of this.watchers) if (w.readyState === OPEN) w.send(message);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'close monitor: reading the totals failed');
    } finally {
      this.reading = false;
    }
  }
}
