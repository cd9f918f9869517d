import { sql, type Kysely } from 'kysely';

/**
 * Newsletter campaigns (docs/content.md "Newsletter campaigns"). `newsletter_campaigns` is the read model of the
 * campaign streams. `newsletter_campaign_recipients` is not a read model: it is the work list a send freezes in the
 * transaction of its NewsletterCampaignSent event (who gets it), which the delivery worker turns into outbox emails
 * in small batches, marking each address queued (or skipped, when it unsubscribed in between). `email_outbox.headers`
 * carries extra mail headers (List-Unsubscribe) to the sender; `email_outbox.bulk` marks campaign mail, which the
 * sender takes only when no other email is due, so a big campaign never holds up a password reset or an outbid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE newsletter_campaigns (
      id uuid PRIMARY KEY,
      subject text NOT NULL,
      body text NOT NULL,
      status text NOT NULL CHECK (status IN ('draft', 'sent')),
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_by text NOT NULL,
      updated_at timestamptz NOT NULL,
      sent_by text,
      sent_at timestamptz,
      recipients_count integer,
      version integer NOT NULL
    );
    CREATE INDEX newsletter_campaigns_created ON newsletter_campaigns (created_at DESC, id);
    CREATE TABLE newsletter_campaign_recipients (
      campaign_id uuid NOT NULL,
      email text NOT NULL,
      user_id uuid,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'queued', 'skipped')),
      done_at timestamptz,
      PRIMARY KEY (campaign_id, email)
    );
    -- The worker reads the pending rows; the staff list counts pending and skipped ones (both few, once delivered).
    CREATE INDEX newsletter_campaign_recipients_pending ON newsletter_campaign_recipients (campaign_id, email) WHERE status = 'pending';
    CREATE INDEX newsletter_campaign_recipients_skipped ON newsletter_campaign_recipients (campaign_id) WHERE status = 'skipped';
    ALTER TABLE email_outbox ADD COLUMN headers jsonb, ADD COLUMN bulk boolean NOT NULL DEFAULT false;
    CREATE INDEX email_outbox_due_lane_idx ON email_outbox (bulk, seq) WHERE status = 'pending';
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE newsletter_campaigns, newsletter_campaign_recipients; ALTER TABLE email_outbox DROP COLUMN headers, DROP COLUMN bulk;`.execute(db);
}
