/**
 * The live feed's fast path: events in position order as soon as they are committed, without waiting for older
 * transactions still open elsewhere. EventStore.readFeed never skips a late-committing event, but to do so it stops
 * at the oldest open transaction in the cluster, and under bid load the projection runner's batch transactions are
 * open for whole seconds, which would hold every price update back as long. The fast path may skip an event whose
 * transaction commits after a later one was read; the guaranteed path (readFeed) then delivers it, and the
 * dispatcher drops whichever copy comes second. Within one lot stream versions commit in order (each append waits
 * for the previous one's row lock), so a lot state folded from the fast path is never missing a step it can see.
 */
import { sql, type Kysely } from 'kysely';
import type { StoredEvent } from '../event-store/types';

export async function readCommittedAfter(db: Kysely<any>, position: number, limit = 500): Promise<StoredEvent[]> {
  const { rows } = await sql<StoredEvent>`
    SELECT position, transaction_id::text, stream_id, stream_version, event_id::text, type, data, metadata, created_at
    FROM events WHERE position > ${position} ORDER BY position LIMIT ${limit}`.execute(db);
  return rows;
}

export async function lastPosition(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ position: number | null }>`SELECT max(position) AS position FROM events`.execute(db);
  return Number(rows[0]?.position ?? 0);
}
