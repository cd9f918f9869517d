import { sql, type Kysely } from 'kysely';

/**
 * Lot reference numbers per auction (`<year><sequence>-<n>`) are handed out by one atomic counter row per auction,
 * not counted from the lots read model: two consignments at the same instant (staff, or a sell request consigning
 * several items) could otherwise get the same number. A number taken by a consignment that then fails is not
 * reused, as with order numbers. The first use in an auction starts after the lots it already has.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE lot_reference_counters (
    auction_id text PRIMARY KEY,
    last_no integer NOT NULL CHECK (last_no >= 0)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE lot_reference_counters`.execute(db);
}
