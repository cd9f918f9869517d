import { sql, type Kysely } from 'kysely';

/**
 * The refund mailer (services/payments/refund-mailer.ts) starts where the feed stands on a database that already has
 * events, so refunds made before refund emails existed are not mailed late. A fresh database starts at the beginning.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
    SELECT 'refund-mailer', transaction_id, position, now() FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM projection_checkpoints WHERE name = 'refund-mailer'`.execute(db);
}
