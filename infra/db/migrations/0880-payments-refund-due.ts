import { sql, type Kysely } from 'kysely';

/**
 * Refunds the house owes and the provider has not made yet (PaymentRefundDecided without its PaymentRefunded): the
 * owed-refunds worker finds them here. The partial index holds only those rows, so its pass costs nothing when none
 * is owed. Existing rows start at 0: refunds before this event were made in the same request that decided them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN refund_due_pence bigint NOT NULL DEFAULT 0;
    CREATE INDEX payments_refund_due ON payments (created_at) WHERE refund_due_pence > 0;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX payments_refund_due;
    ALTER TABLE payments DROP COLUMN refund_due_pence;
  `.execute(db);
}
