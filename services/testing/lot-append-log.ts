/**
 * A witness for the fencing (docs/scale.md): a trigger on the test database's `events` that records, for every event
 * appended to a lot's stream, who wrote it (the writing session's `application_name`, one per server node) and the
 * lot's lease as that transaction sees it at the insert (holder and epoch). The writer fences by reading its lease row
 * `FOR SHARE` in the same transaction, so the row cannot change before the commit: an event whose writer is not the
 * lease's holder is an append under a stale lease, two writers on one lot. Test databases only.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';

interface LotAppend {
  position: number;
  stream_id: string;
  stream_version: number;
  /** The writing session's application_name. */
  writer: string;
  /** The lot's lease when the event was inserted (null: no lease yet, e.g. the lot's consignment). */
  holder: string | null;
  epoch: number | null;
}

export async function recordLotAppends(db: Db): Promise<void> {
  await sql`CREATE TABLE test_lot_appends (
    position bigint, stream_id text, stream_version int, writer text, holder text, epoch bigint)`.execute(db);
  await sql`CREATE FUNCTION test_record_lot_append() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_lot_appends
      SELECT NEW.position, NEW.stream_id, NEW.stream_version, current_setting('application_name'), l.holder, l.epoch
      FROM (SELECT 1) AS one LEFT JOIN lot_leases l ON l.lot_id = substr(NEW.stream_id, 5);
      RETURN NULL;
    END $$`.execute(db);
  // Lot streams only (lot-<uuid>), not lot-purchase-... or lot-notes-...
  await sql`CREATE TRIGGER test_record_lot_append AFTER INSERT ON events FOR EACH ROW
    WHEN (NEW.stream_id ~ '^lot-[0-9a-f]{8}-[0-9a-f]{4}-') EXECUTE FUNCTION test_record_lot_append()`.execute(db);
}

export async function lotAppends(db: Db): Promise<LotAppend[]> {
  const { rows } = await sql<LotAppend>`SELECT position::int AS position, stream_id, stream_version, writer, holder, epoch::int AS epoch
    FROM test_lot_appends ORDER BY stream_id, stream_version`.execute(db);
  return rows;
}
