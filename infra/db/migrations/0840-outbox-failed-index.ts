import { sql, type Kysely } from 'kysely';

/** The metrics count the outbox's given-up emails at every scrape (infra/mail/outbox-stats.ts): an index for them. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX email_outbox_failed_idx ON email_outbox (created_at) WHERE status = 'failed'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX email_outbox_failed_idx`.execute(db);
}
