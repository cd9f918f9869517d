/**
 * The email outbox. `queueEmail` is called with the transaction of the change that causes the email, so the email
 * exists exactly when the change does; a `dedupe_key` (e.g. the causing event id) makes a retried writer harmless.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Same key, same email: a second queueEmail with it adds nothing. */
  dedupe_key?: string;
  /** Extra headers for the sender (e.g. List-Unsubscribe on promotional email). */
  headers?: Record<string, string>;
  /** Bulk (campaign) mail: sent only when no other email is due. */
  bulk?: boolean;
  /** From ctx.clock, so tests can move time. */
  now: Date;
}

export interface MailboxEntry { to: string; subject: string; text: string; html: string; created_at: string; headers?: Record<string, string> }

/**
 * The channel the outbox's sender listens on (infra/mail/sender.ts). Each email added notifies it, in the statement
 * that adds it (no extra round trip); PostgreSQL delivers a transaction's notifications once, on commit, so the sender
 * is woken exactly when the emails exist, in any process, never before.
 */
export const OUTBOX_CHANNEL = 'email_outbox';

/** Answers true when the email was queued, false when its dedupe_key was already there. */
export async function queueEmail(trx: Db, email: OutgoingEmail): Promise<boolean> {
  return (await queueEmails(trx, [email])) > 0;
}

/** Whether an email with this dedupe key was ever queued (sent or not): a reaction that answers an earlier one. */
export async function wasQueued(db: Db, dedupeKey: string): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM email_outbox WHERE dedupe_key = ${dedupeKey}`.execute(db);
  return rows.length > 0;
}

/**
 * Emails in one statement (bulk mail: one round trip per batch); answers how many were added (a repeated dedupe_key
 * adds none).
 */
export async function queueEmails(trx: Db, emails: OutgoingEmail[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = emails.map((e) => sql`(${randomUUID()}::uuid, ${e.dedupe_key ?? null}, ${e.to}, ${e.subject}, ${e.text}, ${e.html},
    ${e.now.toISOString()}::timestamptz, ${e.now.toISOString()}::timestamptz, ${e.headers ? JSON.stringify(e.headers) : null}::jsonb, ${e.bulk === true})`);
  const { rows: added } = await sql<{ id: string }>`
    WITH added AS (
      INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, html_body, created_at, next_attempt_at, headers, bulk)
      VALUES ${sql.join(rows)}
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING id)
    SELECT id, pg_notify(${OUTBOX_CHANNEL}, '') FROM added`.execute(trx);
  return added.length;
}

/** The development mailbox: newest first, optionally for one address. */
export async function readMailbox(db: Db, options: { to?: string; limit?: number } = {}): Promise<MailboxEntry[]> {
  const to = options.to?.trim().toLowerCase() ?? null;
  const { rows } = await sql<{ to_address: string; subject: string; text_body: string; html_body: string; created_at: Date; headers: Record<string, string> | null }>`
    SELECT to_address, subject, text_body, html_body, created_at, headers FROM email_outbox
    WHERE ${to}::text IS NULL OR lower(to_address) = ${to}
    ORDER BY seq DESC LIMIT ${options.limit ?? 100}`.execute(db);
  return rows.map((r) => ({
    to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, created_at: r.created_at.toISOString(), ...(r.headers ? { headers: r.headers } : {}),
  }));
}
