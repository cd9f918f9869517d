/** The newest 15 notifications received over the live channel; a new one goes first. */
import { proxy } from 'valtio';

export interface AppNotification {
  id: number | string;
  text?: string;
  title?: string;
  template?: string;
  lot_id?: string | number | null;
  is_read?: boolean;
  created_at?: string;
}

export const NOTIFICATIONS_KEPT = 15;
export const notifications = proxy({ items: [] as AppNotification[] });

export function addNotification(n: AppNotification): void {
  notifications.items = [n, ...notifications.items.filter((x) => x.id !== n.id)].slice(0, NOTIFICATIONS_KEPT);
}
