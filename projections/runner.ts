import { sql, type Kysely } from 'kysely';
import type { Database } from '../infra/db/database';
import type { Projection } from './projection';
import type { EventStore } from '../infra/event-store/event-store';
import { compareCursors, FEED_START, type FeedCursor, type StoredEvent } from '../infra/event-store/types';
import type { Db } from '../infra/db/database';

/**
 * Events per batch transaction. A batch holds a transaction id from its first write to its commit, and meanwhile no
 * reader of the feed in this database passes it (infra/event-store/feed-horizon.ts): other processes' runners,
 * the live feed, a command waiting to read its own write. Small batches keep that hold short; the cost is a few
 * statements (lock, checkpoint, feed read, commit) per batch.
 */
const BATCH_SIZE = 100;

interface RunnerLogger { error(obj: object, msg: string): void }

/**
 * Reads the event feed from each projection's checkpoint and applies the events and the new checkpoint in one
 * transaction. Woken in process right after an append, and by polling for other writers. Two processes running it
 * serialise on a transaction-scoped advisory lock per projection, so each event is applied once.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, FeedCursor>();
  private waiters: { cursor: FeedCursor; only?: readonly string[]; resolve: () => void }[] = [];
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Something was appended in this process since the last run began (the first run is always a full one). */
  private appendedHere = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly log: RunnerLogger,
    private readonly options: { pollMs?: number; batchSize?: number } = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.store.onAppended(() => {
      this.appendedHere = true;
      this.wake();
    });
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 250);
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  /** Started and not stopped: it applies new events as they come (a live node's never is). */
  get started(): boolean {
    return this.timer !== null && !this.stopped;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    const full = this.appendedHere;
    this.appendedHere = false;
    void (full ? this.catchUp() : this.catchUpIfBehind())
      .catch((error) => this.log.error({ err: error }, 'projection run failed'))
      .finally(() => {
        this.running = false;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Applies everything visible now, for every projection. */
  async catchUp(): Promise<void> {
    for (const projection of this.projections) {
      while (await this.runBatch(projection)) { /* until the feed is drained */ }
    }
    this.settleWaiters();
  }

  /**
   * A wake with nothing appended in this process (the poll for other writers, a waiter's nudge): one statement asks
   * whether the feed holds anything past the projection furthest behind, and only then does every projection run its
   * batch (a transaction each). An idle runner costs one query per poll instead of a transaction per projection: with
   * some thirty projections that was about 80 commits a second per idle process, in every test app too.
   */
  private async catchUpIfBehind(): Promise<void> {
    const known = this.projections.map((p) => this.positions.get(p.name));
    if (known.some((cursor) => cursor === undefined)) return this.catchUp();
    const lowest = (known as FeedCursor[]).reduce((a, b) => (compareCursors(a, b) <= 0 ? a : b));
    const { events, head } = await this.store.readFeedBatch(lowest, 1);
    if (events.length > 0) return this.catchUp();
    // Nothing visible past the lowest: every projection has applied everything below the head.
    for (const p of this.projections) {
      if (compareCursors(head, this.positions.get(p.name)!) > 0) this.positions.set(p.name, head);
    }
    this.settleWaiters();
  }

  /** Resolves once every projection has applied every event committed before this call (tests, scripts). */
  async settle(timeoutMs = 30_000): Promise<void> {
    const { rows } = await sql<FeedCursor>`
      SELECT transaction_id::text, position FROM events
      ORDER BY events.transaction_id DESC, events.position DESC LIMIT 1`.execute(this.db);
    if (rows[0]) await this.waitFor(rows[0], timeoutMs);
  }

  /**
   * Resolves once every projection has applied the event at `cursor` (read-your-writes for a command's answer).
   * It keeps waking the runner meanwhile: the event may become visible only after an older writing transaction of
   * this database finishes (the feed horizon, feed-horizon.ts), and the runner may not be polling (tests, scripts).
   */
  waitFor(cursor: FeedCursor, timeoutMs = 15_000, only?: readonly string[]): Promise<void> {
    if (this.reached(cursor, only)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const poll = setInterval(() => this.wake(), 25);
      const timeout = setTimeout(() => {
        clearInterval(poll);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error('projection did not catch up in time'));
      }, timeoutMs);
      const waiter = { cursor, only, resolve: () => { clearInterval(poll); clearTimeout(timeout); resolve(); } };
      this.waiters.push(waiter);
      this.wake();
    });
  }

  /** `only`: just these projections (by name) must have applied it. Public: a hot path asks without waiting. */
  reached(cursor: FeedCursor, only?: readonly string[]): boolean {
    return this.projections.every((p) => {
      if (only && !only.includes(p.name)) return true;
      const at = this.positions.get(p.name);
      return at !== undefined && compareCursors(at, cursor) >= 0;
    });
  }

  private settleWaiters(): void {
    const pending = this.waiters;
    this.waiters = [];
    for (const waiter of pending) {
      if (this.reached(waiter.cursor, waiter.only)) waiter.resolve();
      else this.waiters.push(waiter);
    }
  }

  /** One transaction: lock, read checkpoint, read a batch, apply, move the checkpoint. True when it applied any. */
  private async runBatch(projection: Projection): Promise<boolean> {
    // The position moves once the transaction has committed: `reached` and `waitFor` answer from it, and a reader
    // told "caught up" must find the projection's rows (before, a waiter could be released between the batch's last
    // write and its COMMIT, and read the table without them).
    const moved = await this.db.transaction().execute(async (trx): Promise<{ at: FeedCursor; applied: boolean }> => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${projection.name}`}))`.execute(trx);
      const cursor = await readCheckpoint(trx, projection.name);
      // One snapshot for the events and the head: with none left, the projection is caught up to the head, which
      // releases waiters on events this projection does not apply (eventTypes).
      const { events, head } = await this.store.readFeedBatch(cursor, this.options.batchSize ?? BATCH_SIZE, trx);
      if (events.length === 0) return { at: compareCursors(head, cursor) > 0 ? head : cursor, applied: false };
      await applyEvents(trx, projection, events);
      const last = events[events.length - 1];
      const next = { transaction_id: last.transaction_id, position: last.position };
      await writeCheckpoint(trx, projection.name, next);
      return { at: next, applied: true };
    });
    this.positions.set(projection.name, moved.at);
    return moved.applied;
  }
}

export async function applyEvents(trx: Kysely<Database>, projection: Projection, events: StoredEvent[]): Promise<void> {
  for (const event of events) {
    if (projection.eventTypes.includes(event.type)) await projection.apply(trx, event);
  }
}

async function readCheckpoint(trx: Db, name: string): Promise<FeedCursor> {
  const { rows } = await sql<FeedCursor>`
    SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${name}`.execute(trx);
  return rows[0] ?? FEED_START;
}

async function writeCheckpoint(trx: Db, name: string, cursor: FeedCursor): Promise<void> {
  await sql`
    INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
    VALUES (${name}, ${cursor.transaction_id}::xid8, ${cursor.position}, now())
    ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position,
      updated_at = EXCLUDED.updated_at`.execute(trx);
}
