import { sql, type Kysely } from 'kysely';

/** spending_caps: the read model of the `spending-cap-<user>-<auction>` streams (projections/spending-caps). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE spending_caps (
      user_id text NOT NULL,
      auction_id uuid NOT NULL,
      cap_pence bigint,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (user_id, auction_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE spending_caps;`.execute(db);
}
