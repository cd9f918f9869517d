import { sql, type Kysely } from 'kysely';

/**
 * sell_requests, sell_request_items: the read model of the `sell-request-<id>` streams (projections/selling);
 * sell_request_numbers: the running number of the human reference ("S-000045").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE sell_request_numbers START 1;`.execute(db);
  await sql`
    CREATE TABLE sell_requests (
      id uuid PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      kind text NOT NULL,
      delivery text,
      status text NOT NULL,
      auction_id uuid NOT NULL,
      address jsonb,
      note text,
      valuation_id text,
      payout_method_id text,
      boxes integer,
      insurance boolean,
      pick_up_date text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL
    );
  `.execute(db);
  await sql`CREATE INDEX sell_requests_user ON sell_requests (user_id, created_at DESC);`.execute(db);
  await sql`CREATE INDEX sell_requests_status ON sell_requests (status, created_at DESC);`.execute(db);
  await sql`
    CREATE TABLE sell_request_items (
      id uuid PRIMARY KEY,
      request_id uuid NOT NULL REFERENCES sell_requests (id) ON DELETE CASCADE,
      position integer NOT NULL,
      title text NOT NULL,
      details jsonb NOT NULL,
      quantity integer NOT NULL,
      status text NOT NULL,
      condition_note text,
      lot_id uuid,
      source_lot_id uuid,
      updated_at timestamptz NOT NULL
    );
  `.execute(db);
  await sql`CREATE INDEX sell_request_items_request ON sell_request_items (request_id, position);`.execute(db);
  await sql`CREATE INDEX sell_request_items_lot ON sell_request_items (lot_id);`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sell_request_items; DROP TABLE sell_requests; DROP SEQUENCE sell_request_numbers;`.execute(db);
}
