/**
 * The global notification list: the newest 15 from GET /api/user_notifications/ merged with live pushes, newest
 * first. Entries seen on screen are reported read in batches (PATCH /api/notification_is_read/).
 */
import { proxy } from 'valtio';
import { fetchNotifications, markNotificationsRead } from '../api/notifications';
import { mergeNotifications, NOTIFICATIONS_KEPT, type AppNotification } from '../lib/notification-list';

export type { AppNotification } from '../lib/notification-list';
export { NOTIFICATIONS_KEPT } from '../lib/notification-list';

export const notifications = proxy({ items: [] as AppNotification[], loaded: false });

export function addNotification(n: AppNotification): void {
  notifications.items = mergeNotifications(notifications.items, [n]);
}

let loading: Promise<void> | null = null;
export function loadNotifications(): Promise<void> {
  loading ??= fetchNotifications(NOTIFICATIONS_KEPT)
    .then((list) => {
      notifications.items = mergeNotifications(notifications.items, list);
      notifications.loaded = true;
    })
    .catch((e) => console.warn('[notifications] could not load the list', e))
    .finally(() => (loading = null));
  return loading;
}

export function clearNotifications(): void {
  notifications.items = [];
  notifications.loaded = false;
  pending.clear();
}

// Items scrolled into view are collected for a moment and sent as one call.
const READ_BATCH_MS = 300;
const pending = new Set<string>();
const READ_RETRY_MS = 1000;
const READ_RETRIES = 5;
const retries = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | null = null;

export function markSeen(id: string | number): void {
  const item = notifications.items.find((n) => String(n.id) === String(id));
  if (!item || item.is_read) return;
  item.is_read = true;
  pending.add(String(id));
  if (timer === null) timer = setTimeout(() => void flushRead(), READ_BATCH_MS);
}

async function flushRead(): Promise<void> {
  timer = null;
  const ids = [...pending].slice(0, 100);
  ids.forEach((id) => { pending.delete(id); });
  if (pending.size) timer = setTimeout(() => void flushRead(), READ_BATCH_MS);
  if (!ids.length) return;
  try {
    const answer = await markNotificationsRead(ids);
    // A live push can reach us before the server has stored that notification; the server answers with the ids it
    // marked, so the others are sent again a little later (a few times).
    const marked = new Set((answer?.ids ?? ids).map(String));
    const missing = ids.filter((id) => !marked.has(id) && (retries.get(id) ?? 0) < READ_RETRIES);
    for (const id of ids) if (marked.has(id)) retries.delete(id);
    if (missing.length) {
      for (const id of missing) retries.set(id, (retries.get(id) ?? 0) + 1);
      setTimeout(() => {
        missing.forEach((id) => { pending.add(id); });
        timer ??= setTimeout(() => void flushRead(), READ_BATCH_MS);
      }, READ_RETRY_MS);
    }
  } catch (e) {
    // Shown as unread again so the next view retries.
    console.warn('[notifications] could not mark read', e);
    for (const n of notifications.items) if (ids.includes(String(n.id))) n.is_read = false;
  }
}
