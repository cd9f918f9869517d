/** Reads of the notifications read model: the user's list, their own ids, settings, and the table in cause order. */
import { sql } from 'kysely';
import { z } from 'zod';
import type { Template } from '../../domain/notifications/templates';
import type { Db } from '../../infra/db/database';

export interface NotificationRow {
  id: string; user_id: string; template: string; text: string; lot_id: string | null; auction_id: string | null;
  notify_type: string; is_read: boolean; created_at: Date; updated_at: Date; cause_transaction_id: string; cause_position: string;
}

/** A point in the table's cause order (the feed order of the causes). */
export interface CauseCursor { transaction_id: string; position: number }

/** The API's and the live push's shape of one notification. */
export const notificationView = z.object({
  id: z.string(), template: z.string(), text: z.string(), lot_id: z.string().nullable(), auction_id: z.string().nullable(), is_read: z.boolean(),
  notify_type: z.string(), created_at: z.string(), updated_at: z.string(), time: z.string(), user: z.string(),
});
type NotificationView = z.infer<typeof notificationView>;

/** GET /api/user_notifications/: the newest `limit` notifications and how many the user has in all. */
export const notificationList = z.object({ count: z.number().int(), results: z.array(notificationView) });

/** PATCH /api/notification_is_read/: the caller's own ids among those sent, now read. */
export const markedRead = z.object({ ids: z.array(z.string()), is_read: z.literal(true) });

export function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id, template: row.template, text: row.text, lot_id: row.lot_id, auction_id: row.auction_id, is_read: row.is_read,
    notify_type: row.notify_type, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(),
    time: row.created_at.toISOString(), user: row.user_id,
  };
}

export async function listForUser(db: Db, userId: string, limit: number): Promise<z.infer<typeof notificationList>> {
  const { rows } = await sql<NotificationRow>`SELECT * FROM notifications WHERE user_id = ${userId}
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`.execute(db);
  const { rows: [total] } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM notifications WHERE user_id = ${userId}`.execute(db);
  return { count: total.count, results: rows.map(toView) };
}

/** Of `ids`, those that are the user's own (others' and unknown ids are dropped). */
export async function ownIds(db: Db, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`SELECT id FROM notifications WHERE user_id = ${userId} AND id = ANY(${ids}::uuid[])`.execute(db);
  return rows.map((r) => r.id);
}

export async function emailOptOuts(db: Db, userId: string): Promise<Template[]> {
  const { rows } = await sql<{ email_opt_outs: Template[] }>`SELECT email_opt_outs FROM notification_settings WHERE user_id = ${userId}`.execute(db);
  return rows[0]?.email_opt_outs ?? [];
}

/** Rows whose cause is after `cursor`, whole causes only (every row of a cause commits together). */
export async function rowsAfter(db: Db, cursor: CauseCursor, causes = 200): Promise<NotificationRow[]> {
  const { rows } = await sql<NotificationRow>`
    SELECT n.* FROM notifications n
    WHERE (n.cause_transaction_id, n.cause_position) IN (
      SELECT DISTINCT cause_transaction_id, cause_position FROM notifications
      WHERE (cause_transaction_id, cause_position) > (${cursor.transaction_id}::bigint, ${cursor.position})
      ORDER BY cause_transaction_id, cause_position LIMIT ${causes})
    ORDER BY n.cause_transaction_id, n.cause_position, n.id`.execute(db);
  return rows;
}

export async function lastCause(db: Db): Promise<CauseCursor> {
  const { rows } = await sql<{ t: string; p: string }>`SELECT cause_transaction_id::text AS t, cause_position::text AS p FROM notifications
    ORDER BY cause_transaction_id DESC, cause_position DESC LIMIT 1`.execute(db);
  return rows[0] ? { transaction_id: rows[0].t, position: Number(rows[0].p) } : { transaction_id: '0', position: 0 };
}

export const cursorOf = (row: NotificationRow): CauseCursor => ({ transaction_id: String(row.cause_transaction_id), position: Number(row.cause_position) });
