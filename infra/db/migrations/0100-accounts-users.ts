import { sql, type Kysely } from 'kysely';

/** Read models of the accounts slice (projections/accounts): rebuilt from the account and newsletter events. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      version integer NOT NULL,
      email text NOT NULL UNIQUE,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      title text,
      phone_number text NOT NULL DEFAULT '',
      birth_date text CHECK (birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      vat_enabled boolean NOT NULL DEFAULT false,
      vat_number text NOT NULL DEFAULT '',
      company_name text NOT NULL DEFAULT '',
      is_staff boolean NOT NULL DEFAULT false,
      is_verified boolean NOT NULL DEFAULT false,
      is_completed boolean GENERATED ALWAYS AS (
        first_name <> '' AND last_name <> '' AND phone_number <> '' AND birth_date IS NOT NULL) STORED,
      unpaid_lots_to_notify boolean NOT NULL DEFAULT false,
      audio_cue text NOT NULL DEFAULT 'audio_1',
      is_audio_cues boolean NOT NULL DEFAULT true,
      promotional_email boolean NOT NULL DEFAULT false,
      registration_fee_status boolean NOT NULL DEFAULT false,
      registration_fee_paid_at timestamptz,
      password_changed_at timestamptz,
      verified_at timestamptz,
      registered_at timestamptz NOT NULL
    );
    CREATE INDEX users_staff_idx ON users (is_staff) WHERE is_staff;

    CREATE TABLE newsletter_subscribers (
      email text PRIMARY KEY,
      user_id uuid,
      subscribed_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE newsletter_subscribers; DROP TABLE users;`.execute(db);
}
