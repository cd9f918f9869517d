import { sql, type Kysely } from 'kysely';

/**
 * Read models of the payout slice (projections/payout): the users' payout methods (full bank details; only ever
 * answered to their owner holding a fresh access code, or to staff paying a withdrawal) and the withdrawals.
 * Each row keeps the stream version it reflects, so a repeated event changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE payout_methods (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      version integer NOT NULL,
      type text NOT NULL CHECK (type IN ('UK_BANK', 'INT_BANK')),
      account_owner_uk text,
      sort_code_uk text,
      account_number_uk text,
      account_owner_int text,
      iban_int text,
      bic_swift_int text,
      bank_address_int text,
      label text NOT NULL,
      is_default boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX payout_methods_user_idx ON payout_methods (user_id, created_at);

    CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      version integer NOT NULL,
      amount_pence bigint NOT NULL,
      status text NOT NULL CHECK (status IN ('awaiting_code', 'confirmed', 'cancelled', 'paid_out', 'rejected')),
      payout_method_id uuid NOT NULL,
      payout_method_type text NOT NULL,
      payout_method_label text NOT NULL,
      created_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      cancelled_at timestamptz,
      cancel_reason text,
      paid_out_at timestamptz,
      paid_out_by text,
      reference text,
      rejected_at timestamptz,
      rejected_by text,
      reject_reason text,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC);
    CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE withdrawals; DROP TABLE payout_methods;`.execute(db);
}
