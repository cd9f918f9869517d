import { sql, type Kysely } from 'kysely';

/**
 * The live channels look up, every few seconds, whether the users of their open sockets signed out on another
 * process (services/live/signed-out-sweep.ts): revoked sessions by user, which the partial index of active sessions
 * does not cover.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX sessions_user_revoked_idx ON sessions (user_id, revoked_at) WHERE revoked_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX sessions_user_revoked_idx`.execute(db);
}
