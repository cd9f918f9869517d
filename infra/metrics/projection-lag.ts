/**
 * How far each projection trails the event feed, read from the database (so it is true for the whole house, whichever
 * process runs the projections): the committed events after its checkpoint, and the age of the oldest of them.
 * Read at scrape time and by /ready, never per request.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface ProjectionLag {
  name: string;
  /** Committed events after the checkpoint (counted up to EVENTS_CAP, so a rebuild from zero stays cheap to ask). */
  eventsBehind: number;
  /** Age of the oldest of them; 0 when caught up. */
  secondsBehind: number;
}

const EVENTS_CAP = 100_000;

/**
 * One statement for every projection; each count walks the feed index from its checkpoint (nothing when caught up).
 * Events above the feed horizon (a writing transaction still open before them) count as behind: they are committed,
 * and not in the views yet.
 */
export async function projectionLag(db: Db, names: readonly string[]): Promise<ProjectionLag[]> {
  if (names.length === 0) return [];
  const { rows } = await sql<{ name: string; events_behind: number; seconds_behind: number }>`
    SELECT n.name,
      (SELECT count(*) FROM (SELECT 1 FROM events e
         WHERE (e.transaction_id, e.position) > (coalesce(c.transaction_id, '0'::xid8), coalesce(c.position, 0))
         LIMIT ${EVENTS_CAP}) behind)::int AS events_behind,
      coalesce(greatest(0, extract(epoch FROM clock_timestamp() - (SELECT e.created_at FROM events e
         WHERE (e.transaction_id, e.position) > (coalesce(c.transaction_id, '0'::xid8), coalesce(c.position, 0))
         ORDER BY e.transaction_id, e.position LIMIT 1))), 0)::float8 AS seconds_behind
    FROM unnest(${[...names]}::text[]) AS n(name)
    LEFT JOIN projection_checkpoints c ON c.name = n.name
    ORDER BY n.name`.execute(db);
  return rows.map((r) => ({ name: r.name, eventsBehind: Number(r.events_behind), secondsBehind: Number(r.seconds_behind) }));
}
