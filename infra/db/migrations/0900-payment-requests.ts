import { sql, type Kysely } from 'kysely';

/**
 * A payment is recorded as requested before the provider is asked (domain/payments/payment-requests.ts): its row has
 * no provider reference until the provider answers. A request whose answer never came is looked up by the pending
 * pass, so the pending index holds requested rows too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE payments ALTER COLUMN provider_ref DROP NOT NULL`.execute(db);
  await sql`DROP INDEX payments_pending`.execute(db);
  await sql`CREATE INDEX payments_pending ON payments (created_at) WHERE status IN ('requested', 'created', 'challenge_required')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX payments_pending`.execute(db);
  await sql`CREATE INDEX payments_pending ON payments (created_at) WHERE status IN ('created', 'challenge_required')`.execute(db);
  await sql`DELETE FROM payments WHERE provider_ref IS NULL`.execute(db);
  await sql`ALTER TABLE payments ALTER COLUMN provider_ref SET NOT NULL`.execute(db);
}
