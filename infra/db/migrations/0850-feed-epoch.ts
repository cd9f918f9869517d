import { sql, type Kysely } from 'kysely';

/**
 * The feed epoch (docs/architecture.md, "Backup and restore"): events store `feed_xact_id()` = the writing transaction's
 * id plus `feed_epoch.xid_offset`, and the feed horizon is shifted by the same offset (feed-horizon.ts). The offset
 * is 0 until a restore brings events whose transaction ids are above this cluster's: then it is raised to the highest
 * stored id (infra/event-store/feed-epoch.ts), so every new event sorts after every restored one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE feed_epoch (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      xid_offset bigint NOT NULL DEFAULT 0 CHECK (xid_offset >= 0)
    );
    INSERT INTO feed_epoch DEFAULT VALUES;
    -- xid8 has no arithmetic: through bigint (an xid8 is epoch << 32 | xid, far below 2^63).
    CREATE FUNCTION feed_xact_id() RETURNS xid8 LANGUAGE sql VOLATILE
      AS $$ SELECT (pg_current_xact_id()::text::bigint + xid_offset)::text::xid8 FROM feed_epoch $$;
    ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT feed_xact_id();
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE events ALTER COLUMN transaction_id SET DEFAULT pg_current_xact_id();
    DROP FUNCTION feed_xact_id();
    DROP TABLE feed_epoch;
  `.execute(db);
}
