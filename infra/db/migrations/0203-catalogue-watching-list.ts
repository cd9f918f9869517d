import { sql, type Kysely } from 'kysely';

/**
 * The watching list read model (projections/catalogue/watching). A removal keeps the row with watched = false, so a
 * re-applied old event can be recognised by its version and never resurrects a removed entry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE watching_list (
      user_id text NOT NULL,
      lot_id uuid NOT NULL,
      watched boolean NOT NULL,
      added_at timestamptz NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (user_id, lot_id)
    );
    CREATE INDEX watching_list_lot_idx ON watching_list (lot_id) WHERE watched;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE watching_list`.execute(db);
}
