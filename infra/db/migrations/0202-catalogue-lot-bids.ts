import { sql, type Kysely } from 'kysely';

/**
 * Bid read models (projections/bidding/lot-bids): the public history (one row per history line), each bidder's standing
 * on a lot (private maximum, winning flag, "Bidder N" number), and a per-lot version that makes re-applied events
 * no-ops.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE lot_bid_versions (
      lot_id uuid PRIMARY KEY,
      version integer NOT NULL,
      leader_id text
    );
    CREATE TABLE lot_bidders (
      lot_id uuid NOT NULL,
      user_id text NOT NULL,
      bidder_no integer NOT NULL,
      max_bid_pence bigint NOT NULL,
      is_winning boolean NOT NULL,
      last_bid_at timestamptz NOT NULL,
      PRIMARY KEY (lot_id, user_id)
    );
    CREATE INDEX lot_bidders_user_idx ON lot_bidders (user_id, lot_id);
    CREATE TABLE lot_bid_history (
      id text PRIMARY KEY,
      lot_id uuid NOT NULL,
      bidder_id text NOT NULL,
      amount_pence bigint NOT NULL,
      placed_at timestamptz NOT NULL,
      automatic boolean NOT NULL,
      position bigint NOT NULL,
      line_no integer NOT NULL
    );
    CREATE INDEX lot_bid_history_lot_idx ON lot_bid_history (lot_id, position, line_no);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE lot_bid_history; DROP TABLE lot_bidders; DROP TABLE lot_bid_versions;`.execute(db);
}
