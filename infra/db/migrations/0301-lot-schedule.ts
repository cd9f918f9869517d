import { sql, type Kysely } from 'kysely';

/** The closing scheduler's own read model: when each lot ends, and which auctions still wait to be finished. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE lot_schedule (
      lot_id text PRIMARY KEY,
      auction_id text NOT NULL,
      ends_at timestamptz NOT NULL,
      closed boolean NOT NULL DEFAULT false,
      version integer NOT NULL
    );
    CREATE INDEX lot_schedule_due_idx ON lot_schedule (ends_at) WHERE NOT closed;
    CREATE INDEX lot_schedule_auction_idx ON lot_schedule (auction_id) WHERE NOT closed;
    CREATE TABLE lot_schedule_auctions (
      auction_id text PRIMARY KEY,
      end_date timestamptz NOT NULL,
      finished boolean NOT NULL DEFAULT false
    );
    CREATE INDEX lot_schedule_auctions_due_idx ON lot_schedule_auctions (end_date) WHERE NOT finished;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE lot_schedule_auctions; DROP TABLE lot_schedule;`.execute(db);
}
