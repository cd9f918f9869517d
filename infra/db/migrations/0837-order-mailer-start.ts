import { sql, type Kysely } from 'kysely';

/**
 * The order mailer (services/orders/order-mailer.ts) starts where the feed stands on a database that already has
 * events, so orders placed and paid before order emails existed are not mailed all at once, late. A fresh database
 * has no events: the mailer then starts at the beginning.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
    SELECT 'order-mailer', transaction_id, position, now() FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1
    ON CONFLICT (name) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM projection_checkpoints WHERE name = 'order-mailer'`.execute(db);
}
