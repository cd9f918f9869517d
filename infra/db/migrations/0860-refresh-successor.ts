import { sql, type Kysely } from 'kysely';

/**
 * Each used refresh token names the token it was exchanged for, so a token presented again shortly after its use,
 * whose successor never reached the client (an answer cut off by a navigation or a dropped connection), can be told
 * from a stolen one (services/accounts/sessions.ts, docs/accounts.md "Tokens and sessions").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens ADD COLUMN successor uuid`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE refresh_tokens DROP COLUMN successor`.execute(db);
}
