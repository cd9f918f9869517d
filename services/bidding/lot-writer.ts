/**
 * The single writer of one lot stream in this process. It keeps the lot's folded state in memory and decides every
 * command against it at once: refusals are answered without touching the database. Accepted commands that arrive
 * while an append is in flight are decided one after another on the evolving (tentative) state and committed
 * together in the next append (group commit). Each caller is answered only after its batch is committed.
 *
 * Other processes may write the same stream: the append's expected version catches that (WrongExpectedVersion),
 * and the writer then reloads the stream and re-decides the pending commands. The commands themselves never change
 * (same ids, same `now`), so a re-decision is the same pure decision against newer state.
 */
import { outsideRun } from '../../infra/commands/idempotent-run';
import { randomUUID } from 'node:crypto';
import type { AppendResult, NewEvent } from '../../infra/event-store/types';
import { GuardStreamsExist, WrongExpectedVersion } from '../../infra/event-store/types';
import type { LotCommand } from '../../domain/catalogue/lot/commands';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { evolveLot, initialLotState, type LotState } from '../../domain/catalogue/lot/state';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import { MESSAGES } from '../../domain/catalogue/lot/place-bid';
import { Conflict, NotFound, RuleBroken } from '../../domain/shared/errors';
import { keyId, KeysTaken } from './idempotency-store';
import { CompanionNeeded, toRow, type CompanionAppend, type Decision, type LotJob, type StoredAnswer, type WriterDeps } from './lot-job';

export type { Decision, LotJob, StoredAnswer } from './lot-job';
import { lotStream } from '../catalogue/streams';

interface Pending {
  job: LotJob;
  command: LotCommand | null;
  resolve(decision: Decision): void;
  reject(error: unknown): void;
  rebases: number;
}

interface Decided {
  pending: Pending;
  before: LotState;
  after: LotState;
  events: LotEvent[];
  stored: StoredAnswer | null;
  /** Set: committed alone, in one transaction with this append. */
  companion: CompanionAppend | null;
}

/** A command re-decided this many times (other processes kept winning) is refused rather than starved forever. */
const MAX_REBASES = 25;
/** Bounds one append (and its transaction) however far the queue ran ahead. */
const MAX_BATCH = 1000;

export class LotWriter {
  private committed: LotState = initialLotState;
  private version = 0;
  /** committed + the batch in flight + the queue: what the next decision sees. */
  private tentative: LotState = initialLotState;
  private tentativeVersion = 0;
  private loaded = false;
  private needRefresh = false;
  /** Waiting for the state (first load, a refresh, or a re-check of a possibly stale refusal). */
  private arrivals: Pending[] = [];
  private queue: Decided[] = [];
  private running: Promise<void> | null = null;

  constructor(readonly lotId: string, private readonly deps: WriterDeps) {}

  get streamId(): string {
    return lotStream(this.lotId);
  }

  /** The committed state and version (what the stream holds, as far as this process knows). */
  get snapshot(): { state: LotState; version: number } {
    return { state: this.committed, version: this.version };
  }

  get idle(): boolean {
    return this.running === null && !this.hasWork();
  }

  submit(job: LotJob): Promise<Decision> {
    return new Promise<Decision>((resolve, reject) => {
      const pending: Pending = { job, command: null, resolve, reject, rebases: 0 };
      if (this.loaded && !this.needRefresh && this.arrivals.length === 0) this.decide(pending, true);
      else this.arrivals.push(pending);
      this.kick();
    });
  }

  /** Resolves when nothing is pending any more. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private hasWork(): boolean {
    return this.arrivals.length > 0 || this.queue.length > 0 || this.needRefresh;
  }

  private kick(): void {
    if (this.running || !this.hasWork()) return;
    // The loop serves every bidder of the lot: never inside the request that happened to start it.
    this.running = outsideRun(() => this.run()).finally(() => {
      this.running = null;
      this.kick();
    });
  }

  private async run(): Promise<void> {
    while (this.hasWork()) {
      let refreshed = false;
      if (!this.loaded || this.needRefresh) {
        if (!(await this.refresh())) return;
        refreshed = true;
      }
      const arrivals = this.arrivals;
      this.arrivals = [];
      // Just refreshed: a refusal now is as fresh as it gets, no second re-check.
      for (const pending of arrivals) this.decide(pending, !refreshed);
      if (this.queue.length > 0) await this.flush();
    }
  }

  /** Decides against the tentative state; refusals are answered at once, accepted commands join the queue. */
  private decide(pending: Pending, mayRecheck: boolean): void {
    pending.command ??= pending.job.build(this.deps.now().toISOString());
    const before = this.tentative;
    let events: LotEvent[];
    try {
      events = lotDecider.decide(pending.command, before);
    } catch (error) {
      if (mayRecheck && this.mayBeStale(error)) {
        this.arrivals.push(pending);
        this.needRefresh = true;
        return;
      }
      pending.reject(error);
      return;
    }
    const after = events.reduce(evolveLot, before);
    let companion: CompanionAppend | null = null;
    if (events.length > 0) {
      try {
        companion = this.companionOf(pending, before, after, events.length);
      } catch (error) {
        pending.reject(error);
        return;
      }
    }
    this.tentative = after;
    this.tentativeVersion += events.length;
    const stored = pending.job.idempotency && events.length > 0 ? pending.job.idempotency.answer(before, after) : null;
    this.queue.push({ pending, before, after, events, stored, companion });
  }

  /** A capped bidder's bid is also decided by its companion (the cap), which may refuse it. */
  private companionOf(pending: Pending, before: LotState, after: LotState, eventCount: number): CompanionAppend | null {
    const { job, command } = pending;
    if (job.companion) return job.companion.decide(before, after, this.tentativeVersion + eventCount);
    if (command && this.deps.needsCompanion(command, before)) throw new CompanionNeeded(before.auctionId, false);
    return null;
  }

  /**
   * Refusals another process could have made wrong: an unknown lot (consigned since we looked) and "ended" on a lot
   * that is still open (another process may have extended it). Prices only rise, so "too low" is never stale.
   */
  private mayBeStale(error: unknown): boolean {
    if (error instanceof NotFound) return true;
    return error instanceof RuleBroken && error.message === MESSAGES.ended && this.tentative.status === 'open';
  }

  /** Reads what the stream gained since our version (everything on first load) and re-decides the queue on it. */
  private async refresh(): Promise<boolean> {
    if (!this.loaded) {
      this.committed = initialLotState;
      this.version = 0;
    }
    try {
      const newer = await this.deps.readStream(this.streamId, this.version);
      for (const event of newer) {
        this.committed = evolveLot(this.committed, { type: event.type, data: event.data } as LotEvent);
        this.version = event.stream_version;
      }
    } catch (error) {
      this.failEverything(error);
      return false;
    }
    this.loaded = true;
    this.needRefresh = false;
    this.rebase();
    return true;
  }

  /** Re-decides every queued command, in order, on the committed state. */
  private rebase(): void {
    const pending = this.queue.map((d) => d.pending);
    this.queue = [];
    this.tentative = this.committed;
    this.tentativeVersion = this.version;
    for (const p of pending) {
      p.rebases += 1;
      if (p.rebases > MAX_REBASES) p.reject(new Conflict('This lot is very busy right now. Please try again.'));
      else this.decide(p, false);
    }
  }

  /** The next batch: a command with a companion alone, otherwise everything up to the next such command. */
  private nextBatch(): Decided[] {
    if (this.queue[0].companion) return this.queue.splice(0, 1);
    const stop = this.queue.findIndex((d) => d.companion !== null);
    return this.queue.splice(0, Math.min(stop === -1 ? this.queue.length : stop, MAX_BATCH));
  }

  private async flush(): Promise<void> {
    const batch = this.nextBatch();
    const changing = batch.filter((d) => d.events.length > 0);
    if (changing.length === 0) {
      for (const d of batch) d.pending.resolve({ before: d.before, after: d.after, events: [], append: null, stored: null });
      return;
    }
    const events: NewEvent[] = changing.flatMap((d) =>
      d.events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata: d.pending.job.metadata })),
    );
    const keys = changing.flatMap((d) => (d.stored && d.pending.job.idempotency ? [toRow(d.pending.job.idempotency, d.stored, this.lotId, this.deps.now())] : []));
    const companion = batch.length === 1 ? batch[0].companion : null;
    const guard = companion ? [] : this.deps.guardStreams(changing.map((d) => d.pending.command!), this.committed);
    let append: AppendResult;
    try {
      append = await this.deps.commit(this.streamId, this.version === 0 ? 'no_stream' : this.version, events, keys, { guard, companion });
    } catch (error) {
      this.recover(batch, error);
      return;
    }
    this.committed = batch[batch.length - 1].after;
    this.version = append.version;
    for (const d of batch) {
      const changed = d.events.length > 0;
      d.pending.resolve({ before: d.before, after: d.after, events: d.events, append: changed ? append : null, stored: d.stored });
    }
  }

  private recover(batch: Decided[], error: unknown): void {
    if (error instanceof GuardStreamsExist) {
      // Some bidders of the batch have a cap we did not know of: re-decided, their bids now ask for a companion.
      this.deps.learnGuarded(error.streamIds);
      this.queue = [...batch, ...this.queue];
      this.needRefresh = true;
      return;
    }
    if (error instanceof WrongExpectedVersion && error.streamId !== this.streamId) {
      // The companion's stream moved (the bidder's cap changed, or another of their bids was counted): that caller
      // decides a fresh companion; everything after it is re-decided without it.
      for (const d of batch) d.pending.reject(new CompanionNeeded(d.before.auctionId, true));
      this.needRefresh = true;
      return;
    }
    if (error instanceof WrongExpectedVersion) {
      // Another process wrote the stream: reload and re-decide this batch and everything after it.
      this.queue = [...batch, ...this.queue];
      this.needRefresh = true;
      return;
    }
    if (error instanceof KeysTaken) {
      // The same idempotency key was committed concurrently elsewhere: those callers get the stored answer.
      const taken = new Set(error.keys.map(keyId));
      const isTaken = (d: Decided) => d.pending.job.idempotency !== undefined && taken.has(keyId(d.pending.job.idempotency));
      for (const d of batch) if (isTaken(d)) d.pending.reject(error);
      this.queue = [...batch.filter((d) => !isTaken(d)), ...this.queue];
      this.needRefresh = true;
      return;
    }
    // Unknown outcome (the connection may have died after the commit): fail this batch and reload from scratch.
    for (const d of batch) d.pending.reject(error);
    this.loaded = false;
    this.needRefresh = true;
  }

  private failEverything(error: unknown): void {
    const all = [...this.queue.map((d) => d.pending), ...this.arrivals];
    this.queue = [];
    this.arrivals = [];
    this.loaded = false;
    this.needRefresh = false;
    this.tentative = this.committed;
    for (const p of all) p.reject(error);
  }
}
