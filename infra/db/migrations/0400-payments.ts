import { sql, type Kysely } from 'kysely';

/**
 * Card payments (issue #7).
 *
 * Read models (projections/payments): `payments` (one row per payment stream) and `user_cards` (saved cards; a
 * removed card keeps its row with removed_at set, so a re-applied old event never brings it back). `users` gains
 * the method the registration fee was paid by.
 *
 * The sandbox payment provider's own side (services/payments/sandbox), as a real provider keeps it on its servers:
 * `sandbox_cards` (a token with brand, last four, expiry, fingerprint and the test behaviour of its number; never
 * the number), `sandbox_intents` (payments and card set-ups: amount, status, the hash of the 3-D Secure challenge
 * token, the return URL) and `sandbox_refunds`. These are not projections and are not rebuilt from events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE users ADD COLUMN registration_fee_method text;

    CREATE TABLE payments (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      purpose text NOT NULL,
      amount_pence integer NOT NULL,
      status text NOT NULL,
      card_brand text NOT NULL,
      card_last4 text NOT NULL,
      card_exp_month integer NOT NULL,
      card_exp_year integer NOT NULL,
      provider text NOT NULL,
      provider_ref text NOT NULL,
      failure_code text,
      failure_message text,
      refunded_pence integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      completed_at timestamptz,
      version integer NOT NULL
    );
    CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);

    CREATE TABLE user_cards (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      card_holder_name text NOT NULL,
      is_default boolean NOT NULL,
      created_at timestamptz NOT NULL,
      removed_at timestamptz,
      version integer NOT NULL
    );
    CREATE INDEX user_cards_user_idx ON user_cards (user_id, created_at DESC) WHERE removed_at IS NULL;

    CREATE TABLE sandbox_cards (
      token text PRIMARY KEY,
      fingerprint text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL,
      exp_month integer NOT NULL,
      exp_year integer NOT NULL,
      scenario text NOT NULL,
      authenticated boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    );

    CREATE TABLE sandbox_intents (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('payment', 'setup')),
      idempotency_key text NOT NULL UNIQUE,
      amount_pence integer NOT NULL,
      description text NOT NULL,
      card_token text NOT NULL REFERENCES sandbox_cards (token),
      status text NOT NULL CHECK (status IN ('requires_action', 'succeeded', 'failed')),
      failure_code text,
      failure_message text,
      challenge_token_hash text,
      challenge_used_at timestamptz,
      return_url text NOT NULL,
      refunded_pence integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE sandbox_refunds (
      id text PRIMARY KEY,
      intent_id text NOT NULL REFERENCES sandbox_intents (id),
      idempotency_key text NOT NULL UNIQUE,
      amount_pence integer NOT NULL,
      created_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE sandbox_refunds; DROP TABLE sandbox_intents; DROP TABLE sandbox_cards;
    DROP TABLE user_cards; DROP TABLE payments;
    ALTER TABLE users DROP COLUMN registration_fee_method;
  `.execute(db);
}
