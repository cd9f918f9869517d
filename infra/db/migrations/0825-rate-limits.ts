import { sql, type Kysely } from 'kysely';

/**
 * Abuse limits shared by every server process (services/limits): one counter per key and fixed window, bumped by
 * one upsert. `expires_at` (the window's end) lets old rows be pruned by one indexed DELETE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE rate_limit_counters (
    key text NOT NULL,
    window_start timestamptz NOT NULL,
    hits integer NOT NULL,
    expires_at timestamptz NOT NULL,
    PRIMARY KEY (key, window_start)
  )`.execute(db);
  await sql`CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE rate_limit_counters`.execute(db);
}
