/**
 * Emails each new notification exactly once, following the notifications table in cause order from its own
 * checkpoint (`projection_checkpoints`, name `notification-mailer`). One transaction per batch under an advisory
 * lock: lock, read checkpoint, read rows, queue emails (outbox, dedupe_key = notification id), log them, move the
 * checkpoint. A crash mid-batch rolls all of it back; a re-run finds the log and the outbox keys and adds nothing.
 * It never reads the rebuild schema, so a rebuild sends nothing.
 *
 * A batch costs the same few statements however many rows it holds: the rows already logged, the recipients, the
 * outbid emails already sent within the window, then the log and the emails, each in one statement. Each row's
 * decision is taken in order against what the rows before it decided (an outbid emailed earlier in the batch
 * throttles a later one). It used to be three or four statements per row: at a close every accepted bid outbids
 * someone, and each of those statements was a round trip on the bid process's loop.
 */
import { sql } from 'kysely';
import type { Template } from '../../domain/notifications/templates';
import { queueEmails, type OutgoingEmail } from '../../infra/mail/outbox';
import { notificationEmail } from './emails';
import { cursorOf, rowsAfter, type NotificationRow } from './queries';
import type { Db } from '../../infra/db/database';
import { compareCursors, type FeedCursor } from '../../infra/event-store/types';
import { notificationsProjection } from '../../projections/notifications/projection';
import { readCheckpoint, writeCheckpoint } from '../../projections/checkpoints';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MAILER_NAME = 'notification-mailer';
/** An outbid is emailed at most once per lot per user in this window (a live close can outbid someone many times). */
const OUTBID_EMAIL_WINDOW_MS = 10 * 60_000;
/** Causes (events that notified) per batch. */
const CAUSES_PER_BATCH = 200;

interface MailerOptions { publicUrl: string; now: () => Date }
interface Recipient { email: string; first_name: string; opt_outs: string[] | null }

/** One batch; true when it processed any rows. */
export async function mailBatch(db: Db, options: MailerOptions): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${MAILER_NAME}`}))`.execute(trx);
    const cursor = await readCheckpoint(trx, MAILER_NAME);
    // Read before the rows: every notification caused up to here was committed with that checkpoint, so the rows'
    // statement sees it.
    const written = await readCheckpoint(trx, notificationsProjection.name);
    const rows = await rowsAfter(trx, cursor, CAUSES_PER_BATCH);
    if (rows.length > 0) await mailRows(trx, rows, options);
    const next = nextCheckpoint(cursor, rows, written);
    if (compareCursors(next, cursor) > 0) await writeCheckpoint(trx, MAILER_NAME, next);
    return rows.length > 0;
  });
}

/**
 * After the last row mailed; and when the batch held every row there was (fewer causes than a batch takes), as far
 * as the notifications projection had written: the events after the last notifying one notify no one, and a
 * checkpoint left at the last notification would count them as "behind" for ever (the read models' lag, the load
 * tests' backlog).
 */
function nextCheckpoint(cursor: FeedCursor, rows: NotificationRow[], written: FeedCursor): FeedCursor {
  const last = rows.length > 0 ? cursorOf(rows[rows.length - 1]) : cursor;
  const causes = new Set(rows.map((n) => `${n.cause_transaction_id}:${n.cause_position}`)).size;
  if (causes >= CAUSES_PER_BATCH || compareCursors(written, last) <= 0) return last;
  return written;
}

async function mailRows(trx: Db, all: NotificationRow[], options: MailerOptions): Promise<void> {
  const rows = await notLogged(trx, all);
  if (rows.length === 0) return;
  const recipients = await recipientsOf(trx, rows);
  const lastOutbid = await outbidsEmailed(trx, rows);
  const emails: OutgoingEmail[] = [];
  const logs = rows.map((n) => {
    const user = recipients.get(n.user_id);
    const wanted = user !== undefined && !(user.opt_outs ?? []).includes(n.template) && !throttled(lastOutbid, n);
    if (wanted) {
      if (isOutbid(n)) lastOutbid.set(outbidKey(n), n.created_at);
      const email = notificationEmail(options.publicUrl, user.email, user.first_name, { template: n.template as Template, text: n.text, lot_id: n.lot_id });
      emails.push({ ...email, dedupe_key: `notification:${n.id}`, now: options.now() });
    }
    return sql`(${n.id}::uuid, ${n.user_id}, ${n.lot_id}, ${n.template}, ${n.created_at}::timestamptz, ${wanted})`;
  });
  await sql`INSERT INTO notification_emails (notification_id, user_id, lot_id, template, cause_at, emailed)
    VALUES ${sql.join(logs)} ON CONFLICT (notification_id) DO NOTHING`.execute(trx);
  await queueEmails(trx, emails);
}

/** The rows not logged yet (a batch run again after a crash finds its rows logged, and sends nothing twice). */
async function notLogged(trx: Db, rows: NotificationRow[]): Promise<NotificationRow[]> {
  const { rows: logged } = await sql<{ notification_id: string }>`
    SELECT notification_id FROM notification_emails WHERE notification_id = ANY(${rows.map((n) => n.id)}::uuid[])`.execute(trx);
  const done = new Set(logged.map((r) => r.notification_id));
  return rows.filter((n) => !done.has(n.id));
}

/** The users the rows are for (a user id that is not an account's, a test's 'rival' say, gets no email). */
async function recipientsOf(trx: Db, rows: NotificationRow[]): Promise<Map<string, Recipient>> {
  const ids = [...new Set(rows.map((n) => n.user_id).filter((id) => UUID.test(id)))];
  if (ids.length === 0) return new Map();
  const { rows: users } = await sql<Recipient & { id: string }>`
    SELECT u.id::text AS id, u.email, u.first_name, s.email_opt_outs AS opt_outs FROM users u
    LEFT JOIN notification_settings s ON s.user_id = u.id::text WHERE u.id = ANY(${ids}::uuid[])`.execute(trx);
  return new Map(users.map((u) => [u.id, u]));
}

const isOutbid = (n: NotificationRow) => n.template === 'outbid' && n.lot_id !== null;
const outbidKey = (n: { user_id: string; lot_id: string | null }) => `${n.user_id} ${n.lot_id}`;

/** For each user and lot of the batch's outbids: when the last outbid email before this batch was caused. */
async function outbidsEmailed(trx: Db, rows: NotificationRow[]): Promise<Map<string, Date>> {
  const outbids = rows.filter(isOutbid);
  if (outbids.length === 0) return new Map();
  const { rows: last } = await sql<{ user_id: string; lot_id: string; cause_at: Date }>`
    SELECT e.user_id, e.lot_id, max(e.cause_at) AS cause_at FROM notification_emails e
    JOIN unnest(${outbids.map((n) => n.user_id)}::text[], ${outbids.map((n) => n.lot_id)}::text[]) AS p(user_id, lot_id)
      ON e.user_id = p.user_id AND e.lot_id = p.lot_id
    WHERE e.emailed AND e.template = 'outbid'
    GROUP BY e.user_id, e.lot_id`.execute(trx);
  return new Map(last.map((r) => [outbidKey(r), r.cause_at]));
}

/** An outbid whose user was emailed an outbid for the same lot within the window before it. */
function throttled(lastOutbid: Map<string, Date>, n: NotificationRow): boolean {
  if (!isOutbid(n)) return false;
  const last = lastOutbid.get(outbidKey(n));
  return last !== undefined && last.getTime() > n.created_at.getTime() - OUTBID_EMAIL_WINDOW_MS;
}
