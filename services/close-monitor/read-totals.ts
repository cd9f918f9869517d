/**
 * The running totals behind a close monitor sample (sample.ts), read once a second while a staff member watches:
 * one query on the lots read model (the lots of the auctions under way: begun, and not all closed more than an hour
 * ago), the projections' lag and the outbox as /metrics reads them, and this process's bid decisions and sockets.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { liveHub } from '../live/hub';
import type { Totals } from './sample';

/** How long after its last lot closed an auction still counts as the one being closed. */
const RECENT_CLOSE = '1 hour';

interface LotCounts { bids: string | number; open: string | number; extended: string | number; closed: string | number }

async function lotCounts(ctx: AppContext, now: Date): Promise<LotCounts> {
  const { rows } = await sql<LotCounts>`
    WITH current AS (
      SELECT auction_id FROM lots GROUP BY auction_id
      HAVING min(starts_at) <= ${now} AND (bool_or(closed_at IS NULL) OR max(closed_at) > ${now}::timestamptz - ${RECENT_CLOSE}::interval))
    SELECT coalesce(sum(bid_count), 0) AS bids,
      count(*) FILTER (WHERE closed_at IS NULL) AS open,
      count(*) FILTER (WHERE closed_at IS NULL AND ends_at > original_ends_at) AS extended,
      count(*) FILTER (WHERE closed_at IS NOT NULL) AS closed
    FROM lots WHERE auction_id IN (SELECT auction_id FROM current)`.execute(ctx.db);
  return rows[0] ?? { bids: 0, open: 0, extended: 0, closed: 0 };
}

export async function readTotals(ctx: AppContext): Promise<Totals> {
  // The rates are per second of real time (the moment each reading was taken); which auctions are under way is the
  // house's clock's business (a test's clock may stand still or jump).
  const at = new Date();
  const [lots, bids, lag, outbox] = await Promise.all([
    lotCounts(ctx, ctx.clock.now()),
    ctx.metrics.bidTotals(),
    ctx.metrics.source('projections')?.() ?? [],
    ctx.metrics.source('outbox')?.(),
  ]);
  const sockets = liveHub(ctx.live)?.stats().connections;
  return {
    at,
    bids: Number(lots.bids),
    lots: { open: Number(lots.open), extended: Number(lots.extended), closed: Number(lots.closed) },
    refused: bids.refused,
    decisions: bids.buckets,
    projectionLagSeconds: Math.max(0, ...lag.map((l) => l.secondsBehind)),
    projectionEventsBehind: lag.reduce((sum, l) => sum + l.eventsBehind, 0),
    watchers: sockets ? sockets.lots + sockets.auctions : null,
    emailsWaiting: outbox?.pending ?? 0,
  };
}
