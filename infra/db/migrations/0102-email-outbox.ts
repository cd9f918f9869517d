import { sql, type Kysely } from 'kysely';

/**
 * Outgoing email. Rows are written in the same transaction as the change that causes them (or keyed by the causing
 * event id in dedupe_key, so a retried writer adds nothing); the sender marks them sent. Without SMTP (development)
 * the table is the local mailbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY,
      -- insertion order, for "newest first" even when two emails share a created_at
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      dedupe_key text UNIQUE,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text NOT NULL,
      created_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      sent_at timestamptz,
      last_error text
    );
    CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE email_outbox;`.execute(db);
}
