import { sql, type Kysely } from 'kysely';

/**
 * Withdrawn lots (LotWithdrawn, docs/catalogue.md "Staff back office"): who withdrew the lot, when and why. A
 * withdrawn lot is also closed (outcome 'unsold'), so every list that reads `outcome` keeps working unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE lots
      ADD COLUMN withdrawn_at timestamptz,
      ADD COLUMN withdrawal_reason text,
      ADD COLUMN withdrawn_by text;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE lots DROP COLUMN withdrawn_at, DROP COLUMN withdrawal_reason, DROP COLUMN withdrawn_by`.execute(db);
}
