import { sql, type Kysely } from 'kysely';
import type { Database } from '../infra/db/database';
import type { Projection } from './projection';
import type { EventStore } from '../infra/event-store/event-store';
import { compareCursors, type FeedCursor, type StoredEvent } from '../infra/event-store/types';
import { ProgressBoard, WaitsOnBoard } from './progress-board';
import { advanceCheckpoints, readCheckpoint, readCheckpoints, writeCheckpoint } from './checkpoints';

/**
 * Events per batch transaction. A batch holds a transaction id from its first write to its commit, and meanwhile no
 * reader of the feed in this database passes it (infra/event-store/feed-horizon.ts): other processes' runners,
 * the live feed, a command waiting to read its own write. Small batches keep that hold short; the cost is a few
 * statements (lock, checkpoint, feed read, commit) per batch.
 */
const BATCH_SIZE = 100;
/** How long a pass's shared transaction waits on any lock past its advisory locks (see applyTogether). */
const SHARED_LOCK_WAIT_MS = 1_000;
/**
 * A projection whose batch failed rests before its next try: half a second, doubling to five, and is back to every
 * pass once a batch goes through. An event its read model cannot take (a poison event) would otherwise fail on every
 * pass, and a bid storm runs a pass per append: a failed transaction and an error line each time (a voucher's
 * 3,000,000,000 uses did that 2,320 times in 8 s). Five seconds at most, because most failures pass by themselves (a
 * database restart) and a read model should not wait long after. The others go on meanwhile; waits on the resting
 * one wait, as they must.
 */
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 5_000;

interface RunnerLogger { error(obj: object, msg: string): void }

interface RunnerOptions {
  pollMs?: number;
  batchSize?: number;
  /**
   * After each pass: where every projection stands, and whether the pass met new events (the projections thread
   * reports both to the main thread).
   */
  onPass?: (positions: Array<[string, FeedCursor]>, newEvents: boolean) => void;
  /** The clock of the failed projections' rests (tests move it). */
  now?: () => number;
}

/** What the app asks of its read models' runner, in process (ProjectionRunner) or on a thread (projections/thread/). */
export interface Projections {
  readonly projections: readonly Projection[];
  readonly started: boolean;
  start(): void;
  /** Resolves once a started runner applies events (a thread has loaded its code); at once in process. */
  whenReady(): Promise<void>;
  stop(): Promise<void>;
  wake(): void;
  catchUp(): Promise<void>;
  settle(timeoutMs?: number): Promise<void>;
  waitFor(cursor: FeedCursor, timeoutMs?: number, only?: readonly string[]): Promise<void>;
  reached(cursor: FeedCursor, only?: readonly string[]): boolean;
  /**
   * `listener` runs after each pass that met new events (applied here, or found applied by another process's runner):
   * the feed's followers wake on it instead of polling (infra/workers/periodic-task.ts). Never on a runner that is not
   * started (a live node's). Answers the unsubscribe.
   */
  onProgress(listener: () => void): () => void;
}

/**
 * Reads the event feed from each projection's checkpoint and applies the events and the new checkpoint in one
 * transaction. Woken in process right after an append, and by polling for other writers. Two processes running it
 * serialise on a transaction-scoped advisory lock per projection, so each event is applied once.
 */
export class ProjectionRunner extends WaitsOnBoard implements Projections {
  private running = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Something was appended in this process since the last run began (the first run is always a full one). */
  private appendedHere = true;
  /** Projections whose last batch failed: how many times in a row, and when they are tried again. */
  private readonly failing = new Map<string, { failures: number; retryAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly log: RunnerLogger,
    private readonly options: RunnerOptions = {},
  ) {
    super(new ProgressBoard(projections.map((p) => p.name)), () => store.lastCommitted());
  }

  start(): void {
    this.stopped = false;
    this.unsubscribe = this.store.onAppended(() => this.appended());
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 250);
    this.wake();
  }

  whenReady(): Promise<void> {
    return Promise.resolve();
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

  /** Something was appended (in this process, or as told by the thread's owner): a full pass, not just a look. */
  appended(): void {
    this.appendedHere = true;
    this.wake();
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
    await this.passShared();
    this.settleWaiters();
  }

  private moveForward(name: string, cursor: FeedCursor): void {
    const at = this.board.positionOf(name);
    if (at === undefined || compareCursors(cursor, at) > 0) this.board.move(name, cursor);
  }

  private async drain(projection: Projection): Promise<void> {
    while (await this.runBatch(projection)) { /* until the feed is drained */ }
  }

  /**
   * A pass with one feed read for all: only the projections that read one of the new events run their transaction;
   * the others' checkpoints move past the batch together, in one statement (their rows stay current for the readers
   * that rely on them: followers, a second process's runner, backups). Before, every projection ran a transaction of
   * five or six round trips per pass, some thirty of them per append, most of them for events they skip
   * (docs/benchmarks.md, "One feed read per pass").
   */
  private async passShared(): Promise<void> {
    const size = this.options.batchSize ?? BATCH_SIZE;
    const active = this.projections.filter((p) => !this.resting(p.name));
    if (active.length === 0) return;
    for (;;) {
      // From the checkpoints, not from memory: a checkpoint deleted to replay a projection is replayed.
      const from = await readCheckpoints(this.db, active.map((p) => p.name));
      const { events, head } = await this.store.readFeedBatch(from.reduce(earlier), size);
      const last = events.at(-1);
      const reading: number[] = [];
      const idle: number[] = [];
      for (const [i, p] of active.entries()) {
        (events.some((e) => p.eventTypes.includes(e.type) && compareCursors(e, from[i]) > 0) ? reading : idle).push(i);
      }
      const end = last && events.length === size ? cursorOf(last) : head;
      if (last) this.board.noteNewEvents();
      if (reading.length > 0) {
        if (await this.applyTogether(active, reading, from, events)) for (const i of reading) this.failing.delete(active[i].name);
        else await this.drainApart(active, reading);
      }
      const behind = idle.filter((i) => compareCursors(from[i], end) < 0);
      if (last) await advanceCheckpoints(this.db, behind.map((i) => active[i].name), cursorOf(last));
      for (const i of [...idle, ...reading]) this.moveForward(active[i].name, later(from[i], end));
      if (events.length < size) return;
    }
  }

  /**
   * The projections that read the pass's events, in one transaction: their locks, a check that their checkpoints are
   * still where the pass read them, each one's events, their checkpoints. Before, each ran a transaction of its own,
   * six round trips and its writes, and at a close every round trip waits a turn of the bid process's saturated loop
   * (docs/benchmarks.md, "Read models during a bid storm"). False, with nothing written, when another process's runner
   * moved one of them meanwhile or a projection failed: they then go a transaction each, as before, so one failing
   * projection does not hold the others back.
   */
  private async applyTogether(active: readonly Projection[], reading: number[], from: FeedCursor[], events: StoredEvent[]): Promise<boolean> {
    const names = reading.map((i) => active[i].name);
    try {
      return await this.db.transaction().execute(async (trx) => {
        // Sorted, so two processes' runners lock in the same order.
        const keys = names.map((name) => `projection:${name}`).sort();
        // Then a bound on lock waits for the rest of the transaction: a read model whose table another session holds
        // (a long migration, an operator's LOCK) would hold every projection of the pass behind it. Past the bound
        // the pass fails over to a transaction each, where only that one waits.
        await sql`SELECT count(pg_advisory_xact_lock(hashtext(key))), set_config('lock_timeout', ${`${SHARED_LOCK_WAIT_MS}ms`}, true)
          FROM unnest(${keys}::text[]) AS key`.execute(trx);
        const now = await readCheckpoints(trx, names);
        if (now.some((cursor, k) => compareCursors(cursor, from[reading[k]]) !== 0)) return false;
        for (const i of reading) await applyEvents(trx, active[i], events.filter((e) => compareCursors(e, from[i]) > 0));
        await advanceCheckpoints(trx, names, cursorOf(events[events.length - 1]));
        return true;
      });
    } catch (error) {
      const message = isLockTimeout(error) ? 'projections applied together waited on a lock; applying them one by one'
        : 'projections applied together failed; applying them one by one';
      this.log.error({ err: error, projections: names }, message);
      return false;
    }
  }

  /**
   * After a failed shared transaction: each projection in a transaction of its own, side by side, each one's waiters
   * released as soon as it is through, so one waiting on a lock or failing holds back none of the others (a script
   * waiting for the users view only is not kept waiting by a locked lots table). The first failure is thrown once
   * every one has finished.
   */
  private async drainApart(active: readonly Projection[], reading: number[]): Promise<void> {
    const results = await Promise.allSettled(reading.map((i) => this.drain(active[i]).finally(() => this.settleWaiters())));
    results.forEach((result, k) => {
      if (result.status === 'rejected') this.rest(active[reading[k]].name);
      else this.failing.delete(active[reading[k]].name);
    });
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A wake with nothing appended in this process (the poll for other writers, a waiter's nudge): one statement asks
   * whether the feed holds anything past the projection furthest behind, and only then does every projection run its
   * batch (a transaction each). An idle runner costs one query per poll instead of a transaction per projection: with
   * some thirty projections that was about 80 commits a second per idle process, in every test app too.
   */
  private async catchUpIfBehind(): Promise<void> {
    const known = this.projections.map((p) => this.board.positionOf(p.name));
    if (known.some((cursor) => cursor === undefined)) return this.catchUp();
    const { events, head } = await this.store.readFeedBatch((known as FeedCursor[]).reduce(earlier), 1);
    if (events.length > 0) {
      // New to this board even when another process's runner has applied them already (the pass then reads none).
      this.board.noteNewEvents();
      return this.catchUp();
    }
    // Nothing visible past the lowest: every projection has applied everything below the head.
    for (const p of this.projections) this.moveForward(p.name, head);
    this.settleWaiters();
  }

  private resting(name: string): boolean {
    const failed = this.failing.get(name);
    return failed !== undefined && this.now() < failed.retryAt;
  }

  private rest(name: string): void {
    const failures = (this.failing.get(name)?.failures ?? 0) + 1;
    const wait = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
    this.failing.set(name, { failures, retryAt: this.now() + wait });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private settleWaiters(): void {
    const newEvents = this.board.settleWaiters();
    this.options.onPass?.(this.board.entries(), newEvents);
  }

  /** One transaction: lock, read checkpoint, read a batch, apply, move the checkpoint. True when more may be waiting. */
  private async runBatch(projection: Projection): Promise<boolean> {
    // The position moves once the transaction has committed: `reached` and `waitFor` answer from it, and a reader
    // told "caught up" must find the projection's rows (before, a waiter could be released between the batch's last
    // write and its COMMIT, and read the table without them).
    const size = this.options.batchSize ?? BATCH_SIZE;
    const moved = await this.db.transaction().execute(async (trx): Promise<{ at: FeedCursor; more: boolean }> => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${projection.name}`}))`.execute(trx);
      const cursor = await readCheckpoint(trx, projection.name);
      // One snapshot for the events and the head: a batch short of full read everything visible, so the projection is
      // caught up to the head, which releases waiters on events it does not apply (eventTypes) without another batch.
      const { events, head } = await this.store.readFeedBatch(cursor, size, trx);
      if (events.length === 0) return { at: later(head, cursor), more: false };
      this.board.noteNewEvents();
      await applyEvents(trx, projection, events);
      const next = cursorOf(events[events.length - 1]);
      await writeCheckpoint(trx, projection.name, next);
      return events.length < size ? { at: later(head, next), more: false } : { at: next, more: true };
    });
    this.board.move(projection.name, moved.at);
    return moved.more;
  }
}

/** PostgreSQL's lock_not_available: a lock wait ran past lock_timeout. */
const isLockTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === '55P03';

export async function applyEvents(trx: Kysely<Database>, projection: Projection, events: StoredEvent[]): Promise<void> {
  const relevant = events.filter((event) => projection.eventTypes.includes(event.type));
  if (relevant.length === 0) return;
  if (projection.applyBatch) return projection.applyBatch(trx, relevant);
  for (const event of relevant) await projection.apply(trx, event);
}

const earlier = (a: FeedCursor, b: FeedCursor) => (compareCursors(a, b) <= 0 ? a : b);
const later = (a: FeedCursor, b: FeedCursor) => (compareCursors(a, b) >= 0 ? a : b);
const cursorOf = (event: FeedCursor): FeedCursor => ({ transaction_id: event.transaction_id, position: event.position });
