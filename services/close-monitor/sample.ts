/**
 * The close monitor's numbers (docs/operations.md, "The close monitor"): one sample a second from running totals,
 * pure. House-wide figures come from the database (lots, projections, outbox); the bid decisions' latency and
 * refusals, and the watchers, are those of the process serving the staff member's socket.
 */
import type { CloseSample } from '../../web/src/lib/close-sample';

export type { CloseSample };

/** Cumulative bucket counts of a latency histogram: `le` in seconds, ascending, the last one +Inf. */
type Buckets = ReadonlyArray<{ le: number; count: number }>;

/** Running totals read each second (read-totals.ts). */
export interface Totals {
  at: Date;
  /** Bids on the lots of the current auctions, as the lots read model counts them (house-wide). */
  bids: number;
  lots: { open: number; extended: number; closed: number };
  /** This process's bid decisions: refused ones, and the latency histogram of all. */
  refused: number;
  decisions: Buckets;
  projectionLagSeconds: number;
  projectionEventsBehind: number;
  /** Open sockets on the lots and auctions channels of this process (null: it serves none). */
  watchers: number | null;
  emailsWaiting: number;
}


/** The bucket counts between two readings of one histogram. */
export function bucketDelta(before: Buckets, after: Buckets): Buckets {
  return after.map((b, i) => ({ le: b.le, count: Math.max(0, b.count - (before[i]?.le === b.le ? before[i].count : 0)) }));
}

/**
 * The q-quantile of a histogram's observations, interpolated inside its bucket as Prometheus's histogram_quantile
 * does; an observation above the last finite bound answers that bound. Null when there is none.
 */
export function quantile(q: number, buckets: Buckets): number | null {
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const b of buckets) {
    if (b.count >= rank) {
      if (!Number.isFinite(b.le)) return lowerBound;
      const inBucket = b.count - lowerCount;
      return inBucket === 0 ? b.le : lowerBound + (b.le - lowerBound) * ((rank - lowerCount) / inBucket);
    }
    lowerBound = b.le;
    lowerCount = b.count;
  }
  return lowerBound;
}

const perSecond = (delta: number, seconds: number) => (seconds > 0 ? Math.max(0, delta) / seconds : 0);
const ms = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 10_000) / 10);

/** The sample for the second that ended at `now.at`; rates are 0 for the first reading (nothing to compare). */
export function nextSample(before: Totals | null, now: Totals): CloseSample {
  const seconds = before ? (now.at.getTime() - before.at.getTime()) / 1000 : 0;
  const decided = before ? bucketDelta(before.decisions, now.decisions) : [];
  return {
    at: now.at.toISOString(),
    bids_per_second: before ? round(perSecond(now.bids - before.bids, seconds)) : 0,
    refusals_per_second: before ? round(perSecond(now.refused - before.refused, seconds)) : 0,
    decision_p50_ms: ms(quantile(0.5, decided)),
    decision_p99_ms: ms(quantile(0.99, decided)),
    lots_open: now.lots.open,
    lots_extended: now.lots.extended,
    lots_closed: now.lots.closed,
    projection_lag_seconds: round(now.projectionLagSeconds),
    projection_events_behind: now.projectionEventsBehind,
    watchers: now.watchers,
    emails_waiting: now.emailsWaiting,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
