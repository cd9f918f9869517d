import { sql, type Kysely } from 'kysely';

/**
 * The notification engine (docs/notifications.md). The read model (`notifications`, `notification_lots`,
 * `notification_lot_bidders`, `notification_settings`) is the projection projections/notifications/projection.ts: a
 * pure function of the events, rebuilt and compared like any other. `notification_emails` is the mailer's own log
 * (which notifications it emailed), used for the outbid email throttle; it is not rebuilt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id uuid PRIMARY KEY,
      user_id text NOT NULL,
      template text NOT NULL,
      text text NOT NULL,
      lot_id text,
      auction_id text,
      notify_type text NOT NULL DEFAULT 'PUSH',
      is_read boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      -- the feed position of the cause: the mailer and the pushers follow the table in this order
      cause_transaction_id bigint NOT NULL,
      cause_position bigint NOT NULL
    );
    CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id);
    CREATE INDEX notifications_cause_idx ON notifications (cause_transaction_id, cause_position, id);
    CREATE TABLE notification_lots (
      lot_id text PRIMARY KEY,
      version integer NOT NULL,
      auction_id text NOT NULL,
      seller_id text NOT NULL,
      title text NOT NULL,
      reserve_met boolean NOT NULL
    );
    CREATE TABLE notification_lot_bidders (
      lot_id text NOT NULL,
      user_id text NOT NULL,
      first_version integer NOT NULL,
      PRIMARY KEY (lot_id, user_id)
    );
    CREATE TABLE notification_settings (
      user_id text PRIMARY KEY,
      version integer NOT NULL,
      email_opt_outs text[] NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE TABLE notification_emails (
      notification_id uuid PRIMARY KEY,
      user_id text NOT NULL,
      lot_id text,
      template text NOT NULL,
      cause_at timestamptz NOT NULL,
      emailed boolean NOT NULL
    );
    CREATE INDEX notification_emails_throttle_idx ON notification_emails (user_id, lot_id, template, cause_at) WHERE emailed;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE notification_emails, notification_settings, notification_lot_bidders, notification_lots, notifications;`.execute(db);
}
