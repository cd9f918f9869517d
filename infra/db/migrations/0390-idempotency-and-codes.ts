import { sql, type Kysely } from 'kysely';

/**
 * idempotency_keys: the first answer to a money-moving POST sent with an `Idempotency-Key` (infra/http/
 * idempotency-keys.ts). A row is reserved before the work starts (answer still null) so a concurrent duplicate waits
 * for the first and replays its answer; a refused request removes its reservation, storing nothing.
 *
 * verification_codes: the 6-digit codes emailed to confirm a withdrawal or to open the payout details
 * (infra/codes/verification-codes.ts). Only a keyed hash of each code is kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      user_id text NOT NULL,
      key text NOT NULL,
      scope text NOT NULL,
      request_hash text NOT NULL,
      status integer,
      answer jsonb,
      created_at timestamptz NOT NULL,
      answered_at timestamptz,
      PRIMARY KEY (user_id, key)
    );

    CREATE TABLE verification_codes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      purpose text NOT NULL,
      subject_id text NOT NULL,
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      superseded_at timestamptz
    );
    CREATE INDEX verification_codes_subject_idx ON verification_codes (user_id, purpose, subject_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE verification_codes; DROP TABLE idempotency_keys;`.execute(db);
}
