import { sql, type Kysely } from 'kysely';

/**
 * The personal collection (docs/collection.md): collection_items, the read model of the `collection-<user>` streams
 * (projections/collection). Removed items keep their row with removed_at set: the value graph needs what the user
 * owned in past months. The sold-lots index serves the valuation's look-up of past hammer prices by distillery.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE collection_items (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      version integer NOT NULL,
      source text NOT NULL,
      lot_id uuid,
      order_id uuid,
      title text NOT NULL,
      distillery text NOT NULL,
      item jsonb NOT NULL,
      price_paid_pence bigint,
      acquired_on text NOT NULL CHECK (acquired_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      added_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      removed_at timestamptz
    );
    CREATE INDEX collection_items_user_idx ON collection_items (user_id, added_at DESC);
    CREATE INDEX lots_sold_distillery_idx ON lots (lower(distillery)) WHERE outcome = 'sold';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX lots_sold_distillery_idx; DROP TABLE collection_items;`.execute(db);
}
