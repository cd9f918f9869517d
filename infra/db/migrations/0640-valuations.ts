import { sql, type Kysely } from 'kysely';

/**
 * Valuation requests: the read model of the `valuation-<id>` streams (projections/valuations) and the sequence the
 * "V-000123" references are drawn from (a number lost to a refused request is simply skipped).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE SEQUENCE valuation_numbers START 1;
    CREATE TABLE valuations (
      id uuid PRIMARY KEY,
      reference_no integer NOT NULL,
      user_id uuid NOT NULL,
      status text NOT NULL,
      objects jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      decision text,
      low_pence bigint,
      high_pence bigint,
      message text,
      answered_by text,
      answered_at timestamptz,
      version integer NOT NULL
    );
    CREATE INDEX valuations_user ON valuations (user_id, created_at DESC);
    CREATE INDEX valuations_status ON valuations (status, created_at DESC);
    CREATE TABLE valuation_images (
      image_id uuid PRIMARY KEY,
      valuation_id uuid NOT NULL,
      user_id uuid NOT NULL,
      file text NOT NULL,
      thumb text NOT NULL,
      content_type text NOT NULL
    );
    CREATE INDEX valuation_images_valuation ON valuation_images (valuation_id);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE valuation_images; DROP TABLE valuations; DROP SEQUENCE valuation_numbers;`.execute(db);
}
