/**
 * Emails each new notification exactly once, following the notifications table in cause order from its own
 * checkpoint (`projection_checkpoints`, name `notification-mailer`). One transaction per batch under an advisory
 * lock: lock, read checkpoint, read rows, queue emails (outbox, dedupe_key = notification id), log them, move the
 * checkpoint. A crash mid-batch rolls all of it back; a re-run finds the log and the outbox keys and adds nothing.
 * It never reads the rebuild schema, so a rebuild sends nothing.
 */
import { sql } from 'kysely';
import type { Template } from '../../domain/notifications/templates';
import { queueEmail } from '../../infra/mail/outbox';
import { notificationEmail } from './emails';
import { cursorOf, rowsAfter, type CauseCursor, type NotificationRow } from './queries';
import type { Db } from '../../infra/db/database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MAILER_NAME = 'notification-mailer';
/** An outbid is emailed at most once per lot per user in this window (a live close can outbid someone many times). */
const OUTBID_EMAIL_WINDOW_MS = 10 * 60_000;

interface MailerOptions { publicUrl: string; now: () => Date }

/** One batch; true when it processed any rows. */
export async function mailBatch(db: Db, options: MailerOptions): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`projection:${MAILER_NAME}`}))`.execute(trx);
    const { rows: cp } = await sql<{ t: string; position: string }>`
      SELECT transaction_id::text AS t, position FROM projection_checkpoints WHERE name = ${MAILER_NAME}`.execute(trx);
    const cursor: CauseCursor = cp[0] ? { transaction_id: cp[0].t, position: Number(cp[0].position) } : { transaction_id: '0', position: 0 };
    const rows = await rowsAfter(trx, cursor);
    if (rows.length === 0) return false;
    for (const row of rows) await mailOne(trx, row, options);
    const next = cursorOf(rows[rows.length - 1]);
    await sql`INSERT INTO projection_checkpoints (name, transaction_id, position, updated_at)
      VALUES (${MAILER_NAME}, ${next.transaction_id}::xid8, ${next.position}, now())
      ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id, position = EXCLUDED.position, updated_at = now()`.execute(trx);
    return true;
  });
}

async function mailOne(trx: Db, n: NotificationRow, options: MailerOptions): Promise<void> {
  const { rows: [user] } = UUID.test(n.user_id) ? await sql<{ email: string; first_name: string; opt_outs: string[] | null }>`
    SELECT u.email, u.first_name, s.email_opt_outs AS opt_outs FROM users u
    LEFT JOIN notification_settings s ON s.user_id = ${n.user_id} WHERE u.id = ${n.user_id}::uuid`.execute(trx) : { rows: [] };
  const wanted = user !== undefined && !(user.opt_outs ?? []).includes(n.template) && !(await throttled(trx, n));
  const { rows: logged } = await sql`INSERT INTO notification_emails (notification_id, user_id, lot_id, template, cause_at, emailed)
    VALUES (${n.id}, ${n.user_id}, ${n.lot_id}, ${n.template}, ${n.created_at}, ${wanted})
    ON CONFLICT (notification_id) DO NOTHING RETURNING notification_id`.execute(trx);
  if (logged.length === 0 || !wanted) return;
  const email = notificationEmail(options.publicUrl, user.email, user.first_name, { template: n.template as Template, text: n.text, lot_id: n.lot_id });
  await queueEmail(trx, { ...email, dedupe_key: `notification:${n.id}`, now: options.now() });
}

async function throttled(trx: Db, n: NotificationRow): Promise<boolean> {
  if (n.template !== 'outbid' || !n.lot_id) return false;
  const since = new Date(n.created_at.getTime() - OUTBID_EMAIL_WINDOW_MS).toISOString();
  const { rows } = await sql`SELECT 1 FROM notification_emails WHERE emailed AND user_id = ${n.user_id} AND lot_id = ${n.lot_id}
    AND template = 'outbid' AND cause_at > ${since} AND notification_id <> ${n.id} LIMIT 1`.execute(trx);
  return rows.length > 0;
}
