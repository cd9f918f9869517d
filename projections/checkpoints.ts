import { sql } from 'kysely';
import { FEED_START, type FeedCursor, type StoredEvent } from '../infra/event-store/types';
import type { EventStore } from '../infra/event-store/event-store';
import type { Db } from '../infra/db/database';

/** Where a projection stands: the last event it applied (or skipped), committed with its rows. */
export async function readCheckpoint(trx: Db, name: string): Promise<FeedCursor> {
  const { rows } = await sql<FeedCursor>`
    SELECT transaction_id::text, position FROM projection_checkpoints WHERE name = ${name}`.execute(trx);
  return rows[0] ?? FEED_START;
}

/** Every named projection's checkpoint, in the order of `names` (the feed's start for one that has none). */
export async function readCheckpoints(db: Db, names: readonly string[]): Promise<FeedCursor[]> {
  const { rows } = await sql<FeedCursor & { name: string }>`
    SELECT name, transaction_id::text, position FROM projection_checkpoints WHERE name = ANY(${names}::text[])`.execute(db);
  const byName = new Map(rows.map((r) => [r.name, { transaction_id: r.transaction_id, position: Number(r.position) }]));
  return names.map((name) => byName.get(name) ?? FEED_START);
}

export async function writeCheckpoint(trx: Db, name: string, cursor: FeedCursor): Promise<void> {
  await sql`
    INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
    VALUES (${name}, ${cursor.transaction_id}::xid8, ${cursor.position}, now())
    ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position,
      updated_at = EXCLUDED.updated_at`.execute(trx);
}

/**
 * Moves the checkpoints of projections that read none of the events up to `cursor`, in one statement and without
 * their locks: only forward (a runner of another process that holds one of them and ends its batch earlier cannot be
 * moved back, nor move this back below what it applied), and safely, since none of those events changes their rows.
 */
export async function advanceCheckpoints(db: Db, names: readonly string[], cursor: FeedCursor): Promise<void> {
  if (names.length === 0) return;
  await sql`
    INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
    SELECT name, ${cursor.transaction_id}::xid8, ${cursor.position}, now() FROM unnest(${names}::text[]) AS name
    ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position,
      updated_at = EXCLUDED.updated_at
    WHERE (projection_checkpoints.transaction_id, projection_checkpoints.position) < (EXCLUDED.transaction_id, EXCLUDED.position)`.execute(db);
}

/**
 * A follower's next batch (the interest matcher, the order mailer, the collection's won lots): the events past its own
 * checkpoint, up to what the read model it looks things up in (`upstream`) already reflects. That checkpoint is below
 * every still-running transaction, and nothing before the read model has one, so the follower never reads ahead of it.
 */
export async function followerBatch(
  trx: Db, store: Pick<EventStore, 'readRange'>, follower: string, upstream: string, limit: number,
): Promise<StoredEvent[]> {
  const [from, until] = await readCheckpoints(trx, [follower, upstream]);
  return store.readRange(from, until, limit, trx);
}

/** What a follower is: its checkpoint's name, the read model it follows, and its batch size. */
export interface Follower { name: string; upstream: string; batch: number }

/**
 * One batch of a checkpointed follower (the order and refund mailers, the interest matcher), in one transaction under
 * its advisory lock (two processes never take the same batch): its next events (followerBatch), each handled, then
 * its checkpoint after them. A failure rolls all of it back. True when the checkpoint moved (there may be more).
 */
export async function followOnce(
  db: Db, store: Pick<EventStore, 'readRange'>, follower: Follower, handle: (trx: Db, event: StoredEvent) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${follower.name}`}))`.execute(trx);
    const events = await followerBatch(trx, store, follower.name, follower.upstream, follower.batch);
    if (events.length === 0) return false;
    for (const event of events) await handle(trx, event);
    await writeCheckpoint(trx, follower.name, events[events.length - 1]);
    return true;
  });
}
