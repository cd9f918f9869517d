import { sql, type Kysely } from 'kysely';

/**
 * Answers to bids sent with an `Idempotency-Key`, written in the same transaction as the bid's events, so a retried
 * request gets the first answer even after a restart. Insert-only: a key is never updated or deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bid_idempotency (
      user_id text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      lot_id text NOT NULL,
      status integer NOT NULL,
      answer jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE bid_idempotency`.execute(db);
}
