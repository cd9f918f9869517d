import { sql, type Kysely } from 'kysely';

/** The auctions read model (projections/catalogue/auctions). Status is derived at read time from the clock and finished_at. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE auctions (
      id uuid PRIMARY KEY,
      start_date timestamptz NOT NULL,
      end_date timestamptz NOT NULL,
      year integer NOT NULL,
      sequence_no integer NOT NULL,
      bottles_add_deadline timestamptz NOT NULL,
      finished_at timestamptz,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX auctions_start_idx ON auctions (start_date);
    CREATE INDEX auctions_end_idx ON auctions (end_date);
    CREATE INDEX auctions_year_idx ON auctions (year);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE auctions`.execute(db);
}
