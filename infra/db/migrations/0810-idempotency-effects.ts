import { sql, type Kysely } from 'kysely';

/**
 * Idempotency bound to the effect (infra/http/idempotency-keys.ts, infra/commands/idempotent-run.ts):
 * - `execution` is the run that holds the key now, `lease_until` how long it may hold it without renewing (a killed
 *   process stops renewing, so a retry can take the key over instead of waiting for ever);
 * - `effect_execution` is set inside the transaction that appends the run's events, so it commits exactly with them:
 *   a key whose effect committed is never run again, whatever happened to the answer;
 * - the answer is kept as the bytes that were sent (`raw_answer`, `content_type`, `answer_encoding`), so a replay is
 *   byte for byte the first answer. `answer` (jsonb) stays readable for rows written before this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE idempotency_keys
      ADD COLUMN execution uuid,
      ADD COLUMN lease_until timestamptz,
      ADD COLUMN effect_execution uuid,
      ADD COLUMN effect_at timestamptz,
      ADD COLUMN content_type text,
      ADD COLUMN answer_encoding text,
      ADD COLUMN raw_answer text;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE idempotency_keys DROP COLUMN execution, DROP COLUMN lease_until, DROP COLUMN effect_execution,
      DROP COLUMN effect_at, DROP COLUMN content_type, DROP COLUMN answer_encoding, DROP COLUMN raw_answer;
  `.execute(db);
}
