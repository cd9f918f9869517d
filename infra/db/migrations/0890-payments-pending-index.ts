import { sql, type Kysely } from 'kysely';

/**
 * Payments still waiting for the provider's outcome, oldest first: the pending-payments pass (every minute) and the
 * abandoned card orders look them up. Only pending rows are in the index, so a house with years of decided payments
 * pays nothing for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX payments_pending ON payments (created_at) WHERE status IN ('created', 'challenge_required')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX payments_pending`.execute(db);
}
