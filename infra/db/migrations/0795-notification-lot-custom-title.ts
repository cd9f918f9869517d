import { sql, type Kysely } from 'kysely';

/**
 * The notifications' lot facts keep the consignment's custom title apart from the title shown, so that a staff edit
 * of the item's title (LotEdited, before the start) renames the lot in later notifications unless a custom title
 * overrides it. Existing rows are filled from their LotConsigned events (the projection writes it from now on).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notification_lots ADD COLUMN custom_title text`.execute(db);
  await sql`UPDATE notification_lots n SET custom_title = nullif(e.data->>'custom_title', '')
    FROM events e WHERE e.stream_id = 'lot-' || n.lot_id AND e.type = 'LotConsigned'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE notification_lots DROP COLUMN custom_title`.execute(db);
}
