import { compareCursors, type FeedCursor } from '../infra/event-store/types';

interface Waiter { cursor: FeedCursor; only?: readonly string[]; resolve: () => void }

/**
 * Where each projection stands in the feed, and who waits for it to pass a position (read-your-writes, tests,
 * scripts), kept by the runner.
 */
export class ProgressBoard {
  private readonly positions = new Map<string, FeedCursor>();
  private waiters: Waiter[] = [];
  /** The runner met new events since the last `settleWaiters`: the progress listeners are told then, once per pass. */
  private newEventsSincePass = false;
  private readonly progressListeners = new Set<() => void>();

  constructor(private readonly names: readonly string[]) {}

  positionOf(name: string): FeedCursor | undefined {
    return this.positions.get(name);
  }

  /** Every known position (the projections thread sends them to the main thread's board). */
  entries(): Array<[string, FeedCursor]> {
    return [...this.positions];
  }

  /** A projection's new position; waiters are released by `settleWaiters`, once per pass. */
  move(name: string, cursor: FeedCursor): void {
    this.positions.set(name, cursor);
  }

  /**
   * The pass under way met events the board had not seen (applied here, or by another process's runner). A move alone
   * does not count: an idle poll moves every position to the feed's horizon, which any transaction in the cluster
   * moves on.
   */
  noteNewEvents(): void {
    this.newEventsSincePass = true;
  }

  /**
   * `listener` runs after each pass that met new events (noteNewEvents): how the feed's followers (the mailers, the
   * pusher) learn there may be something for them without asking the database every 250 ms. Answers the unsubscribe.
   */
  onProgress(listener: () => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  /** `only`: just these projections (by name) must have applied it. */
  reached(cursor: FeedCursor, only?: readonly string[]): boolean {
    return this.names.every((name) => {
      if (only && !only.includes(name)) return true;
      const at = this.positions.get(name);
      return at !== undefined && compareCursors(at, cursor) >= 0;
    });
  }

  /**
   * Resolves once every projection (or `only` these) has applied the event at `cursor`. `nudge` runs meanwhile every
   * 25 ms: the event may become visible only after an older writing transaction finishes (the feed horizon,
   * feed-horizon.ts), and the runner may not be polling (tests, scripts).
   */
  waitFor(cursor: FeedCursor, timeoutMs: number, only: readonly string[] | undefined, nudge: () => void): Promise<void> {
    if (this.reached(cursor, only)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const poll = setInterval(nudge, 25);
      const timeout = setTimeout(() => {
        clearInterval(poll);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error('projection did not catch up in time'));
      }, timeoutMs);
      const waiter = { cursor, only, resolve: () => { clearInterval(poll); clearTimeout(timeout); resolve(); } };
      this.waiters.push(waiter);
      nudge();
    });
  }

  /** Releases the waiters whose position is reached; then, if the pass met new events, tells the listeners (true). */
  settleWaiters(): boolean {
    const pending = this.waiters;
    this.waiters = [];
    for (const waiter of pending) {
      if (this.reached(waiter.cursor, waiter.only)) waiter.resolve();
      else this.waiters.push(waiter);
    }
    if (!this.newEventsSincePass) return false;
    this.newEventsSincePass = false;
    for (const listener of this.progressListeners) listener();
    return true;
  }
}

/**
 * The waits both runners answer the same way from their board (the in-process runner's own, or the projections
 * thread's mirror): `wake` is how each makes its runner look again.
 */
export abstract class WaitsOnBoard {
  constructor(protected readonly board: ProgressBoard, private readonly lastCommitted: () => Promise<FeedCursor | null>) {}

  abstract wake(): void;

  /** Resolves once every projection has applied every event committed before this call (tests, scripts). */
  async settle(timeoutMs = 30_000): Promise<void> {
    const last = await this.lastCommitted();
    if (last) await this.waitFor(last, timeoutMs);
  }

  /** Resolves once every projection has applied the event at `cursor` (read-your-writes for a command's answer). */
  waitFor(cursor: FeedCursor, timeoutMs = 15_000, only?: readonly string[]): Promise<void> {
    return this.board.waitFor(cursor, timeoutMs, only, () => this.wake());
  }

  /** `only`: just these projections (by name) must have applied it. Public: a hot path asks without waiting. */
  reached(cursor: FeedCursor, only?: readonly string[]): boolean {
    return this.board.reached(cursor, only);
  }

  /** After each pass that met new events (ProgressBoard.onProgress). Answers the unsubscribe. */
  onProgress(listener: () => void): () => void {
    return this.board.onProgress(listener);
  }
}
