import { sql, type Kysely } from 'kysely';

/**
 * Payment amounts as bigint, like every other amount in pence: as `integer` a card payment above £21,474,836.47 (an
 * order of three lots at the £10M bid ceiling, with premium) failed at the provider's insert after the order had
 * been placed, and was answered 500. `money-columns.int.test.ts` keeps every pence column bigint.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payments ALTER COLUMN amount_pence TYPE bigint, ALTER COLUMN refunded_pence TYPE bigint;
    ALTER TABLE sandbox_intents ALTER COLUMN amount_pence TYPE bigint, ALTER COLUMN refunded_pence TYPE bigint;
    ALTER TABLE sandbox_refunds ALTER COLUMN amount_pence TYPE bigint;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE payments ALTER COLUMN amount_pence TYPE integer, ALTER COLUMN refunded_pence TYPE integer;
    ALTER TABLE sandbox_intents ALTER COLUMN amount_pence TYPE integer, ALTER COLUMN refunded_pence TYPE integer;
    ALTER TABLE sandbox_refunds ALTER COLUMN amount_pence TYPE integer;
  `.execute(db);
}
