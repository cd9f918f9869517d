import { sql, type Kysely } from 'kysely';

/**
 * Session and credential bookkeeping of the accounts slice (not event-sourced: none of it is money or bids, and it
 * must be shared by every server process): sessions (refresh families) and their refresh tokens, single-use email
 * tokens (stored as SHA-256 hashes), failed logins for throttling, and websocket tickets.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      remember boolean NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text
    );
    CREATE INDEX sessions_user_active_idx ON sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE refresh_tokens (
      jti uuid PRIMARY KEY,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

    CREATE TABLE account_tokens (
      token_hash text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('verify_email', 'password_reset')),
      user_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, kind) WHERE used_at IS NULL;

    CREATE TABLE login_failures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL,
      failed_at timestamptz NOT NULL
    );
    CREATE INDEX login_failures_key_idx ON login_failures (key, failed_at);

    CREATE TABLE ws_tickets (
      id uuid PRIMARY KEY,
      user_id uuid,
      session_id uuid,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX ws_tickets_expiry_idx ON ws_tickets (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE ws_tickets; DROP TABLE login_failures; DROP TABLE account_tokens; DROP TABLE refresh_tokens; DROP TABLE sessions;`.execute(db);
}
