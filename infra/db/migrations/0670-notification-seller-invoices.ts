import { sql, type Kysely } from 'kysely';

/**
 * The notifications projection's facts for full_seller_invoice_available (domain/notifications/seller-invoice.ts): each
 * lot's outcome and whether its buyer has paid, and which auctions have finished. Lots projected before this
 * migration keep a null outcome, so auctions of the past never send the notice late.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE notification_lots ADD COLUMN outcome text, ADD COLUMN paid boolean NOT NULL DEFAULT false;
    CREATE INDEX notification_lots_auction_seller_idx ON notification_lots (auction_id, seller_id);
    CREATE TABLE notification_auctions (
      auction_id text PRIMARY KEY,
      finished_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE notification_auctions;
    DROP INDEX notification_lots_auction_seller_idx;
    ALTER TABLE notification_lots DROP COLUMN outcome, DROP COLUMN paid;
  `.execute(db);
}
