import { sql, type RawBuilder } from 'kysely';

/**
 * The feed horizon (an xid8, exclusive): every transaction below it that could have written to this database's
 * `events` has finished in the snapshot of the statement that evaluates it, so what that statement reads below the
 * horizon is complete and stays complete. The one definition behind readFeed, feedReadBatch and feedHead.
 *
 * It is the lowest of
 *  - every transaction id running in the statement's snapshot (`xip`) that is not positively another database's:
 *    one that a backend of another database reports as its own `backend_xid`. A transaction can only write to its own
 *    database, so such a transaction can never add an event here; one not found (finished since the snapshot, a
 *    prepared transaction, a backend whose status hides it) still counts: unknown is treated as "may be ours";
 *  - this transaction's own id, if it has one (its own uncommitted events are not for the feed);
 *  - the snapshot's xmax (every id from there on started after the snapshot).
 * Read-only transactions never take an id, so they never hold the feed; only writers in this database do.
 *
 * Details the proof depends on (docs/architecture.md, "The event store"):
 *  - A backend reads pg_stat_activity once per transaction and keeps that copy (PostgreSQL docs, "Viewing
 *    Statistics"). The copy must be read after this statement's snapshot, so the cache is cleared first: the
 *    argument of pg_stat_get_activity is evaluated before it runs, and the snapshot is taken before the statement.
 *    Read after the snapshot, a slot that shows a running id of the snapshot is that id's backend (a backend keeps
 *    its slot until it exits, and its id was assigned before the snapshot), so the slot's database is the id's.
 *  - backend_xid is a 32-bit xid and the snapshot holds xid8: compared through the xid8 -> xid cast (the low 32
 *    bits). Two running ids never share their low 32 bits: wraparound protection keeps all of them within 2^31.
 *  - On a hot standby the snapshot lists no running ids (they are in subxip), so there it falls back to xmin.
 *  - Computed from this cluster's ids, then shifted by the feed epoch (feed-epoch.ts) like every stored id, so that
 *    events restored from another cluster stay below it and new ones above them.
 */
export const FEED_HORIZON: RawBuilder<string> = sql<string>`((
  SELECT CASE WHEN pg_is_in_recovery() THEN pg_snapshot_xmin(s.snap)
    ELSE least(
      pg_snapshot_xmax(s.snap),
      pg_current_xact_id_if_assigned(),
      (SELECT min(running) FROM pg_snapshot_xip(s.snap) AS running
       WHERE running::xid NOT IN (
         SELECT other.backend_xid
         FROM pg_stat_get_activity(CASE WHEN pg_stat_clear_snapshot() IS NULL THEN 0 END) AS other
         WHERE other.backend_xid IS NOT NULL
           AND other.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))))
    END
  FROM (SELECT pg_current_snapshot() AS snap) AS s)::text::bigint + (SELECT xid_offset FROM feed_epoch))::text::xid8`;
