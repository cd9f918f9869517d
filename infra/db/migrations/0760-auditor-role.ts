import { sql, type Kysely } from 'kysely';

/** The read-only auditor role (AuditorFlagChanged on the account stream); the session check reads it per request. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN is_auditor boolean NOT NULL DEFAULT false;`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN is_auditor;`.execute(db);
}
