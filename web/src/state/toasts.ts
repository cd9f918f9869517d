/** Toasts (top-right, auto-close after 5 s by default). */
import { proxy } from 'valtio';

interface Toast {
  id: number;
  kind: 'info' | 'success' | 'warning' | 'error';
  title: string;
  text?: string;
  href?: string;
}

export const toasts = proxy({ items: [] as Toast[] });

let nextId = 1;
const TOAST_MS = 5000;

export function pushToast(t: Omit<Toast, 'id'>, ms = TOAST_MS): number {
  const id = nextId++;
  toasts.items.push({ ...t, id });
  if (toasts.items.length > 5) toasts.items.shift();
  if (ms > 0) setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number): void {
  const i = toasts.items.findIndex((t) => t.id === id);
  if (i >= 0) toasts.items.splice(i, 1);
}
