/**
 * Closes each lot at its end (CloseLot with the server's now) and finishes an auction (FinishAuction) once its last
 * lot has closed. Woken by a timer at the next due end, re-armed after every pass (so extensions, which only move
 * ends later, are picked up), and at least every `maxDelayMs`.
 *
 * With lot leases on (docs/scale.md), a pass closes only the lots this process holds or can take (free, or their
 * holder does not answer); a live holder closes its own.
 *
 * Exactly once, even with several server processes running it: the stream's optimistic concurrency makes a second
 * LotClosed impossible (closing a closed lot decides nothing), and an advisory lock per lot and per auction keeps two
 * processes from even trying the same one at the same time. Advisory locks rather than row locks, so the projection
 * runner updating lot_schedule is never blocked by a pass. Session-level locks on one held connection, not a
 * transaction: the closes run on other pool connections and take a while, and a transaction around them would sit
 * "idle in transaction" for the whole pass (docs/architecture.md, "The event store").
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../infra/db/database';
import { withSessionLocks } from '../../infra/db/session-locks';
import type { AppContext } from '../context';
import type { FeedCursor } from '../../infra/event-store/types';
import { auctionDecider } from '../../domain/catalogue/auction/decide';
import { DomainError } from '../../domain/shared/errors';
import { lotWriters } from './lot-writers';
import { takeLotIfUnattended } from './lot-router';
import { auctionStream } from '../catalogue/streams';
import '../../projections/bidding/lot-schedule/tables';
import { lotScheduleProjection } from '../../projections/bidding/lot-schedule/projection';

const LOT_LOCK_SPACE = 7301;
const FINISH_WAIT_MS = 2_000;
const AUCTION_LOCK_SPACE = 7302;

interface PassResult {
  closedLots: string[];
  finishedAuctions: string[];
}

export class ClosingScheduler {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(private readonly ctx: AppContext, private readonly options: { maxDelayMs?: number; batchSize?: number } = {}) {}

  start(): void {
    this.stopped = false;
    this.arm(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.chain.catch(() => undefined);
  }

  /** One pass now, after the one in progress (passes never overlap within a process). */
  runOnce(): Promise<PassResult> {
    const pass = this.chain.then(() => this.pass());
    this.chain = pass.catch(() => undefined);
    return pass;
  }

  private arm(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runOnce()
        .catch((error) => this.ctx.log.error({ err: error }, 'closing scheduler pass failed'))
        .then(() => this.nextDelay())
        .catch(() => this.options.maxDelayMs ?? 1000)
        .then((delay) => this.arm(delay));
    }, delayMs);
    this.timer.unref?.();
  }

  private async pass(): Promise<PassResult> {
    const now = this.ctx.clock.now();
    const closedLots: string[] = [];
    const attempted: string[] = [];
    let last: FeedCursor | null = null;
    for (let round = 0; round < 50; round++) {
      const claimed = await this.closeDueLots(now, attempted);
      if (claimed.length === 0) break;
      for (const outcome of claimed) {
        attempted.push(outcome.lotId);
        if (outcome.cursor) {
          closedLots.push(outcome.lotId);
          last = outcome.cursor;
        }
      }
    }
    // Finishing asks the read model which lots are still open: let it see the closes just made. Only that read model,
    // and not for long: the next pass (closing lots another process left behind, docs/scale.md) must not wait on the
    // slower ones; an auction not finished now is finished by a later pass.
    if (last) {
      await this.ctx.projections.waitFor(last, FINISH_WAIT_MS, [lotScheduleProjection.name])
        .catch((error) => this.ctx.log.warn({ err: error }, 'closing: projections are behind'));
    }
    const finishedAuctions = await this.finishDueAuctions(now);
    return { closedLots, finishedAuctions };
  }

  private async closeDueLots(now: Date, attempted: string[]): Promise<{ lotId: string; cursor: FeedCursor | null }[]> {
    const batch = this.options.batchSize ?? 100;
    return withClaimed(this.ctx.db, sql<{ id: string }>`
      SELECT c.lot_id AS id FROM (
        SELECT lot_id, ends_at FROM lot_schedule
        WHERE NOT closed AND ends_at <= ${now} AND lot_id <> ALL(${attempted}::text[])
        ORDER BY ends_at LIMIT ${batch}
      ) c
      WHERE pg_try_advisory_lock(${LOT_LOCK_SPACE}, hashtext(c.lot_id))`,
    // The locks are held until every claimed lot is closed.
    (lotIds) => Promise.all(lotIds.map(async (lotId) => ({ lotId, cursor: await this.closeLot(lotId) }))));
  }

  private async closeLot(lotId: string): Promise<FeedCursor | null> {
    try {
      // Several processes: the lot's lease holder closes it, unless it is dead (then this process takes over).
      if (!(await takeLotIfUnattended(this.ctx, lotId))) return null;
      const decision = await lotWriters(this.ctx).submit(lotId, {
        build: (now) => ({ type: 'CloseLot', lot_id: lotId, now }),
        metadata: { user_id: 'system' },
      });
      const last = decision.append?.events.at(-1);
      return last ? { transaction_id: last.transaction_id, position: last.position } : null;
    } catch (error) {
      // Refused: the lot was extended a moment ago (the read model did not know yet); the next pass sees its new end.
      if (!(error instanceof DomainError)) this.ctx.log.error({ err: error, lotId }, 'closing a lot failed');
      return null;
    }
  }

  private async finishDueAuctions(now: Date): Promise<string[]> {
    return withClaimed(this.ctx.db, sql<{ id: string }>`
      SELECT c.auction_id AS id FROM (
        SELECT a.auction_id FROM lot_schedule_auctions a
        WHERE NOT a.finished AND a.end_date <= ${now}
          AND NOT EXISTS (SELECT 1 FROM lot_schedule l WHERE l.auction_id = a.auction_id AND NOT l.closed)
        ORDER BY a.end_date LIMIT 50
      ) c
      WHERE pg_try_advisory_lock(${AUCTION_LOCK_SPACE}, hashtext(c.auction_id))`,
    async (auctionIds) => {
      const finished: string[] = [];
      for (const auctionId of auctionIds) {
        if (await this.finishAuction(auctionId, now)) finished.push(auctionId);
      }
      return finished;
    });
  }

  private async finishAuction(auctionId: string, now: Date): Promise<boolean> {
    try {
      const outcome = await this.ctx.commands.handle(
        auctionStream(auctionId),
        auctionDecider,
        { type: 'FinishAuction', auction_id: auctionId, open_lot_count: 0, now: now.toISOString() },
        { user_id: 'system' },
      );
      return outcome.append !== null;
    } catch (error) {
      if (!(error instanceof DomainError)) this.ctx.log.error({ err: error, auctionId }, 'finishing an auction failed');
      return false;
    }
  }

  /** Milliseconds until the next lot or auction end, within [20 ms, maxDelayMs]. */
  private async nextDelay(): Promise<number> {
    const max = this.options.maxDelayMs ?? 1000;
    const now = this.ctx.clock.now();
    const { rows } = await sql<{ next: Date | null }>`
      SELECT least(
        (SELECT min(ends_at) FROM lot_schedule WHERE NOT closed),
        (SELECT min(end_date) FROM lot_schedule_auctions WHERE NOT finished AND end_date > ${now})
      ) AS next`.execute(this.ctx.db);
    const next = rows[0]?.next;
    if (!next) return max;
    return Math.min(max, Math.max(20, next.getTime() - now.getTime()));
  }
}

const byContext = new WeakMap<AppContext, ClosingScheduler>();

export function closingScheduler(ctx: AppContext): ClosingScheduler {
  let scheduler = byContext.get(ctx);
  if (!scheduler) {
    scheduler = new ClosingScheduler(ctx);
    byContext.set(ctx, scheduler);
  }
  return scheduler;
}

/** The ids `claim` took a session-level advisory lock for, on one held connection; `work` runs while they are held. */
function withClaimed<T>(db: Db, claim: RawBuilder<{ id: string }>, work: (ids: string[]) => Promise<T>): Promise<T> {
  return withSessionLocks(db, async (connection) => work((await claim.execute(connection)).rows.map((r) => r.id)));
}
