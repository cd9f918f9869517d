/**
 * The lot writers of one process (one per AppContext): every write to a `lot-<id>` stream made by this process goes
 * through `lotWriters(ctx).submit(lotId, job)`, so one lot has one writer and one in-memory state here.
 */
import type { AppContext } from '../context';
import type { AppendResult, ExpectedVersion, NewEvent } from '../../infra/event-store/types';
import { LotWriter, type Decision, type LotJob } from './lot-writer';
import type { CommitExtras } from './lot-job';
import { insertKeys, type IdempotencyRow } from './idempotency-store';
import { CappedBidders } from './capped-bidders';
import { activeLeases, LeaseLost } from './lot-leases';
import { CommitTicks } from './commit-tick';

/** Writers kept in memory; the least recently used idle ones are dropped beyond this (they reload on next use). */
const MAX_WRITERS = 5000;

export class LotWriters {
  private readonly writers = new Map<string, LotWriter>();
  /** The lot last moved to the end of `writers` (the most recently used). */
  private newest: string | undefined;
  /** Bidders known to have a spending cap, per auction (shared by every lot of this process). */
  readonly capped = new CappedBidders();

  /** Null with `COMMIT_TICKS=0`: each lot's batch commits alone. Read by tests (how many wait for a tick). */
  readonly ticks: CommitTicks | null;

  constructor(private readonly ctx: AppContext, private readonly maxWriters = MAX_WRITERS) {
    this.ticks = ctx.config.commitTicks > 0 ? new CommitTicks(ctx, ctx.config.commitTicks) : null;
  }

  /**
   * With leases on (several processes), a lot this process does not hold is taken first: for these callers (staff
   * edits, reserve changes: rare) the lease moves here. Bids are forwarded to the holder instead (lot-router.ts).
   */
  async submit(lotId: string, job: LotJob): Promise<Decision> {
    const leases = activeLeases(this.ctx);
    if (leases && leases.epochOf(lotId) === undefined) await leases.acquire(lotId, 'steal');
    return this.get(lotId).submit(job);
  }

  get(lotId: string): LotWriter {
    let writer = this.writers.get(lotId);
    // A hot lot is asked for on every bid: it is already last, and moving it again would churn the map per request.
    if (writer && lotId === this.newest) return writer;
    if (writer) {
      // Map order is the LRU order: move the lot to the end.
      this.writers.delete(lotId);
    } else {
      writer = new LotWriter(lotId, {
        now: () => this.ctx.clock.now(),
        readStream: (streamId, after) => this.ctx.store.readStream(streamId, after),
        commit: (streamId, expected, events, keys, extras) => this.commit(lotId, streamId, expected, events, keys, extras),
        needsCompanion: (command, state) => this.capped.needsCap(command, state),
        guardStreams: (commands, state) => this.capped.guardStreams(commands, state),
        learnGuarded: (streamIds) => this.capped.learn(streamIds),
      });
      this.evictIdle();
    }
    this.writers.set(lotId, writer);
    this.newest = lotId;
    return writer;
  }

  /** This process's writer of the lot, if it has one (nothing is created or loaded). */
  peek(lotId: string): LotWriter | undefined {
    return this.writers.get(lotId);
  }

  /** Waits for every writer to finish its pending work (shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.writers.values()].map((w) => w.drain()));
  }

  get size(): number {
    return this.writers.size;
  }

  private evictIdle(): void {
    if (this.writers.size < this.maxWriters) return;
    for (const [lotId, writer] of this.writers) {
      if (this.writers.size < this.maxWriters) break;
      if (writer.idle) this.writers.delete(lotId);
    }
  }

  /**
   * A batch without a companion goes to the next commit tick, with the batches of the other lots (commit-tick.ts).
   * Otherwise one append; with idempotency keys, a companion (a capped bidder's cap stream) or leases, in one
   * transaction that starts with the fencing check (lot-leases.ts): a process that lost the lot's lease appends nothing.
   */
  private async commit(lotId: string, streamId: string, expected: ExpectedVersion, events: NewEvent[], keys: IdempotencyRow[], extras: CommitExtras): Promise<AppendResult> {
    const { companion, guard } = extras;
    if (this.ticks && !companion && expected !== 'any') {
      return this.ticks.append({ lotId, streamId, expected: expected === 'no_stream' ? 0 : expected, events, keys, guard });
    }
    const options = { unlessStreamsExist: guard };
    const leases = activeLeases(this.ctx);
    const epoch = leases?.epochOf(lotId);
    if (leases && epoch === undefined) throw new LeaseLost(lotId);
    if (keys.length === 0 && !companion && !leases) return this.ctx.store.append(streamId, expected, events, undefined, options);
    const result = await this.ctx.db.transaction().execute(async (trx) => {
      if (leases) await leases.fence(trx, lotId, epoch!);
      if (keys.length > 0) await insertKeys(trx, keys);
      const appended = await this.ctx.store.append(streamId, expected, events, trx, options);
      if (companion) await this.ctx.store.append(companion.streamId, companion.expected, companion.events, trx);
      return appended;
    });
    this.ctx.store.notifyAppended();
    return result;
  }
}

const registry = new WeakMap<AppContext, LotWriters>();

/** This process's lot writers (created on first use). */
export function lotWriters(ctx: AppContext): LotWriters {
  let writers = registry.get(ctx);
  if (!writers) {
    writers = new LotWriters(ctx);
    registry.set(ctx, writers);
  }
  return writers;
}
