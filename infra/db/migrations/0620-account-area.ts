import { sql, type Kysely } from 'kysely';

/**
 * The account area (docs/account-area.md).
 *
 * lot_notes: the read model of the `lot-notes-<user>` streams (projections/account-area), one note per user per lot.
 * recently_viewed_lots: not a read model. Which lots a signed-in user opened, written by the lot page itself with one
 * upsert (no events: a convenience list, not a fact). `seq` orders the views (two views in the same millisecond
 * still have an order) and each user keeps about 20 rows (trimmed by the same statement).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE lot_notes (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      lot_id uuid NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      UNIQUE (user_id, lot_id)
    );
    CREATE SEQUENCE recently_viewed_lots_seq;
    CREATE TABLE recently_viewed_lots (
      user_id text NOT NULL,
      lot_id uuid NOT NULL,
      viewed_at timestamptz NOT NULL,
      seq bigint NOT NULL DEFAULT nextval('recently_viewed_lots_seq'),
      PRIMARY KEY (user_id, lot_id)
    );
    CREATE INDEX recently_viewed_lots_user_idx ON recently_viewed_lots (user_id, seq DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE recently_viewed_lots; DROP SEQUENCE recently_viewed_lots_seq; DROP TABLE lot_notes;`.execute(db);
}
