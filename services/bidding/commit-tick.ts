/**
 * Group commit across lots (docs/bidding.md, "Commit ticks"). Each lot writer already commits the bids that queued
 * behind its append together, but with bids spread over hundreds of lots that is about one commit (one WAL flush)
 * per accepted bid. Here the ready batches of every lot of this process wait for the next tick, and one tick commits
 * them all in one transaction: the lease fencing of every lot in one statement, every idempotency key in one, every
 * stream's events in one (append-many.ts), then one COMMIT.
 *
 * Each lot is still decided on its own: its expected version and guard are checked per stream, and a lot whose
 * check fails (or whose lease is lost, or one of whose keys was taken) is left out of the tick, its keys taken back,
 * and its writer told why, exactly as if it had committed alone. A tick starts as soon as fewer than
 * `maxInFlight` are running, so a lone bid waits for nothing; under load the batches that arrive during a tick go
 * together in the next one.
 */
import { outsideRun } from '../../infra/commands/idempotent-run';
import type { AppContext } from '../context';
import type { AppendResult, NewEvent } from '../../infra/event-store/types';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import { appendMany } from '../../infra/event-store/append-many';
import { deleteKeys, insertKeysExceptTaken, keyId, KeysTaken, keysOtherThan, KEY_ROWS, keyValues, takenOf, type IdempotencyRow, type KeyRef } from './idempotency-store';
import { activeLeases, LeaseLost } from './lot-leases';
import type { Db } from '../../infra/db/database';

export interface TickItem {
  lotId: string;
  streamId: string;
  /** The stream's version; 0 = a new stream. */
  expected: number;
  events: NewEvent[];
  keys: IdempotencyRow[];
  guard: readonly string[];
}

interface Waiting extends TickItem {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** Why an item was left out of its tick; `refused`: its version check or guard, explained after the commit. */
type LeftOut = { reason: 'lease' } | { reason: 'keys'; taken: KeyRef[] } | { reason: 'refused' };

/** Bounds one tick's transaction however many lots are waiting. */
const MAX_ITEMS = 500;

export class CommitTicks {
  private waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly ctx: AppContext, private readonly maxInFlight: number) {}

  /** Items waiting for a tick (tests, diagnostics). */
  get queued(): number {
    return this.waiting.length;
  }

  append(item: TickItem): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.waiting.push({ ...item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const tick = this.waiting.splice(0, MAX_ITEMS);
      this.inFlight += 1;
      void outsideRun(() => this.run(tick)).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async run(tick: Waiting[]): Promise<void> {
    let outcome: { results: Map<Waiting, AppendResult>; leftOut: Map<Waiting, LeftOut> };
    try {
      outcome = await this.commit(tick);
    } catch (error) {
      // A deadlock can only come from another process touching the same rows: nothing was written, decide again.
      for (const item of tick) item.reject(isDeadlock(error) ? new WrongExpectedVersion(item.streamId, item.expected, -1) : error);
      return;
    }
    if (outcome.results.size > 0) this.ctx.store.notifyAppended();
    for (const [item, result] of outcome.results) item.resolve(result);
    for (const [item, why] of outcome.leftOut) void this.explain(item, why);
  }

  /**
   * One tick: without leases (one process) one statement, its keys written by the append itself; with leases, or when
   * that statement meets a key a concurrent transaction took, the tick's transaction (fence, keys, append, COMMIT).
   */
  private async commit(tick: Waiting[]) {
    if (!activeLeases(this.ctx)) {
      try {
        return await this.commitInOneStatement(tick);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return this.commitInTransaction(tick);
  }

  /**
   * The events and the keys in one round trip (append-many.ts, `GatedRows`): at saturation each round trip waits a
   * turn of the bid process's event loop behind the HTTP requests, and the tick's transaction took four, which made
   * an accepted bid's answer several times slower than a refusal's (docs/benchmarks.md, "The tail is the accepted
   * bids"). A keyed item left out (rare with one writer per lot) is told whether its keys were taken, else refused.
   */
  private async commitInOneStatement(tick: Waiting[]) {
    const rows = tick.flatMap((item, i) => item.keys.map((k) => ({ item: i, values: keyValues(k) })));
    const appended = await appendMany(this.ctx.db, tick.map((i) => ({ streamId: i.streamId, expected: i.expected, events: i.events, guard: i.guard })), { ...KEY_ROWS, rows });
    const results = new Map<Waiting, AppendResult>();
    const leftOut = new Map<Waiting, LeftOut>();
    for (const [n, item] of tick.entries()) {
      const result = appended[n];
      if (result) results.set(item, result);
      else leftOut.set(item, await this.whyLeftOut(item));
    }
    return { results, leftOut };
  }

  private async whyLeftOut(item: Waiting): Promise<LeftOut> {
    const taken = item.keys.length > 0 ? await takenOf(this.ctx.db, item.keys) : [];
    return taken.length > 0 ? { reason: 'keys', taken } : { reason: 'refused' };
  }

  /**
   * One tick's transaction: with leases (their fencing must commit with the events), or after the one statement met a
   * key another transaction took. A tick without leases never gets here otherwise, so it always has a transaction.
   */
  private async commitInTransaction(tick: Waiting[]) {
    const leases = activeLeases(this.ctx);
    const work = async (executor: Db) => {
      const leftOut = new Map<Waiting, LeftOut>();
      let live = tick;
      if (leases) {
        const epochs = live.map((i) => ({ item: i, lotId: i.lotId, epoch: leases.epochOf(i.lotId) }));
        for (const e of epochs) if (e.epoch === undefined) leftOut.set(e.item, { reason: 'lease' });
        const fenced = epochs.filter((e) => e.epoch !== undefined) as { item: Waiting; lotId: string; epoch: number }[];
        const lost = new Set(fenced.length > 0 ? await leases.fenceMany(executor, fenced) : []);
        for (const e of fenced) if (lost.has(e.lotId)) leftOut.set(e.item, { reason: 'lease' });
        live = live.filter((i) => !leftOut.has(i));
      }
      const keys = live.flatMap((i) => i.keys);
      if (keys.length > 0) {
        const taken = await insertKeysExceptTaken(executor, keys);
        if (taken.length > 0) live = this.leaveOutTaken(live, taken, leftOut);
      }
      const appended = await appendMany(executor, live.map((i) => ({ streamId: i.streamId, expected: i.expected, events: i.events, guard: i.guard })));
      const results = new Map<Waiting, AppendResult>();
      live.forEach((item, n) => {
        const result = appended[n];
        if (result) results.set(item, result);
        else leftOut.set(item, { reason: 'refused' });
      });
      // Keys inserted for lots that were not appended after all: taken back before the commit.
      const takenBack = [...leftOut].flatMap(([item, why]) => (why.reason === 'lease' ? [] : keysOtherThan(item.keys, why.reason === 'keys' ? why.taken : [])));
      await deleteKeys(executor, takenBack);
      return { results, leftOut };
    };
    return this.ctx.db.transaction().execute(work);
  }

  private leaveOutTaken(live: Waiting[], taken: KeyRef[], leftOut: Map<Waiting, LeftOut>): Waiting[] {
    const takenIds = new Set(taken.map(keyId));
    return live.filter((item) => {
      const mine = item.keys.filter((k) => takenIds.has(keyId(k))).map(({ userId, key }) => ({ userId, key }));
      if (mine.length === 0) return true;
      leftOut.set(item, { reason: 'keys', taken: mine });
      return false;
    });
  }

  private async explain(item: Waiting, why: LeftOut): Promise<void> {
    if (why.reason === 'lease') return item.reject(new LeaseLost(item.lotId));
    if (why.reason === 'keys') return item.reject(new KeysTaken(why.taken));
    try {
      item.resolve(await this.ctx.store.explainRefused(item.streamId, item.expected === 0 ? 'no_stream' : item.expected, item.events, item.guard));
    } catch (error) {
      item.reject(error);
    }
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '40P01';
}
