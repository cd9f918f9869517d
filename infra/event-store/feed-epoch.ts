import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The feed orders events by the id of the transaction that wrote them (xid8), and reads only below the feed horizon
 * (feed-horizon.ts), which is made of this cluster's running transaction ids. A restore into another cluster keeps
 * the stored ids, and that cluster's own ids may be far lower: the restored events would then sit above the horizon
 * (invisible to every projection and the live feed until the cluster's ids caught up), and new events would sort
 * before them. The feed epoch keeps stored ids and live ids in one order: both the stored id of a new event
 * (`feed_xact_id()`, the events column default) and the horizon are the cluster's id plus `feed_epoch.xid_offset`.
 *
 * Invariant: every stored id is below (current transaction id + offset). It holds by construction while a
 * database is in use (a stored id is some past or running transaction's id plus the same offset), and is broken
 * only by copying events from another cluster. `ensureFeedEpoch` restores it by raising the offset to the highest
 * stored id: every later transaction's id is at least 3, so its events sort after every restored one, and the
 * restored events are all below the horizon at once.
 */
export async function ensureFeedEpoch(db: Db): Promise<{ raised: boolean; offset: string }> {
  // Safe to run at any start, also beside running servers: the snapshot of this statement sees only transactions
  // that finished before it, and its own id is newer than all of them, so while the invariant holds the WHERE is false
  // and nothing changes. Two starts at once: the row lock serialises them and the second finds the invariant holds.
  const { rows } = await sql<{ xid_offset: string }>`
    UPDATE feed_epoch SET xid_offset = m.max_id
    FROM (SELECT max(transaction_id)::text::bigint AS max_id FROM events) m
    WHERE m.max_id >= pg_current_xact_id()::text::bigint + feed_epoch.xid_offset
    RETURNING xid_offset::text`.execute(db);
  if (rows[0]) return { raised: true, offset: rows[0].xid_offset };
  const { rows: current } = await sql<{ xid_offset: string }>`SELECT xid_offset::text FROM feed_epoch`.execute(db);
  return { raised: false, offset: current[0]?.xid_offset ?? '0' };
}
