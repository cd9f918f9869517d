import { sql, type Kysely } from 'kysely';

/** Signed-out upload attempts per address (services/uploads/anonymous-throttle.ts): security state, not events. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE anonymous_upload_attempts (
      ip text NOT NULL,
      at timestamptz NOT NULL
    );
    CREATE INDEX anonymous_upload_attempts_ip ON anonymous_upload_attempts (ip, at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE anonymous_upload_attempts;`.execute(db);
}
