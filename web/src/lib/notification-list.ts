/**
 * The global notification list (spec 1, live channel): the newest 15, a new one first. The list call and the live
 * pushes meet here; the same id from both is one entry, and "read" once seen stays read.
 */
import type { NotificationView } from '../api/contract';

/**
 * A notification from the list call or a live push: the server's view, every field but the id optional (a push
 * may carry fewer), and a `title` the panel falls back to when there is no text.
 */
export type AppNotification = Pick<NotificationView, 'id'> & Partial<Omit<NotificationView, 'id'>> & { title?: string };

export const NOTIFICATIONS_KEPT = 15;

const time = (n: AppNotification) => {
  const t = n.created_at ? Date.parse(n.created_at) : NaN;
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t; // no time: treat as just arrived
};

/** Merges `incoming` into `current`: one entry per id (read wins), newest first, at most `kept`. */
export function mergeNotifications(current: readonly AppNotification[], incoming: readonly AppNotification[], kept = NOTIFICATIONS_KEPT): AppNotification[] {
  const byId = new Map<string, AppNotification>();
  for (const n of [...incoming, ...current]) {
    const key = String(n.id);
    const seen = byId.get(key);
    byId.set(key, seen ? { ...n, ...seen, is_read: !!(seen.is_read || n.is_read) } : n);
  }
  // Stable sort: equal times keep incoming-first order.
  return [...byId.values()].sort((a, b) => time(b) - time(a)).slice(0, kept);
}

export const unreadCount = (items: readonly AppNotification[]) => items.filter((n) => !n.is_read).length;
