/**
 * The read models' backlog between a load test's phases: a phase on a saturated server leaves work behind (the
 * projections and the mailers catch up in batches), and a next phase started at once would pay for it. Phases that
 * are compared start from caught-up read models, and what each left behind is printed beside its figures.
 */
import { sql } from 'kysely';
import type { Db } from '../infra/db/database';
import { projectionLag } from '../infra/metrics/projection-lag';

export interface Backlog {
  /** Events the furthest-behind reader had still to apply when the phase ended. */
  eventsBehind: number;
  /** Which readers those were. */
  slowest: string | null;
  /** How long the read models took to catch up after the phase (ms). */
  catchUpMs: number;
}

/** Every reader of the feed with a checkpoint: the projections and the followers (mailers, workers). */
async function readers(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM projection_checkpoints ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

async function furthestBehind(db: Db, names: string[]): Promise<{ eventsBehind: number; slowest: string | null }> {
  const lags = await projectionLag(db, names);
  const most = Math.max(0, ...lags.map((lag) => lag.eventsBehind));
  const behind = lags.filter((lag) => lag.eventsBehind === most).map((lag) => lag.name);
  if (most === 0) return { eventsBehind: 0, slowest: null };
  return { eventsBehind: most, slowest: behind.length === 1 ? behind[0] : `${behind.length} of ${lags.length} readers` };
}

/** Measures the backlog now and waits (polling every 100 ms, at most `timeoutMs`) until every reader has caught up. */
export async function drainBacklog(db: Db, timeoutMs = 120_000): Promise<Backlog> {
  const names = await readers(db);
  const started = performance.now();
  const atEnd = await furthestBehind(db, names);
  let now = atEnd;
  while (now.eventsBehind > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await furthestBehind(db, names);
  }
  if (now.eventsBehind > 0) throw new Error(`the read models did not catch up in ${timeoutMs} ms (${now.slowest} ${now.eventsBehind} events behind)`);
  return { ...atEnd, catchUpMs: performance.now() - started };
}

export const describeBacklog = (b: Backlog) =>
  b.eventsBehind === 0 ? 'none' : `${b.eventsBehind} events (${b.slowest}), caught up in ${(b.catchUpMs / 1000).toFixed(1)} s`;
