/**
 * The notification list (newest 15, newest first). An entry is reported read when it scrolls into view
 * (IntersectionObserver, batched in state/notifications); entries about a lot link to it.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { timeAgo } from '../../lib/dates';
import type { AppNotification } from '../../lib/notification-list';
import { serverNow } from '../../state/clock';
import { loadNotifications, markSeen, notifications } from '../../state/notifications';
import './notifications.css';

function Entry({ n, observer, onClose }: { n: AppNotification; observer: IntersectionObserver | null; onClose: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !observer || n.is_read) return;
    observer.observe(el);
    return () => observer.unobserve(el);
  }, [observer, n.is_read]);
  const text = n.text || n.title || 'Notification';
  return (
    <li ref={ref} data-id={String(n.id)} className={`notification-entry${n.is_read ? '' : ' notification-entry--unread'}`}>
      {n.lot_id != null ? <Link href={`/product/${n.lot_id}`} onClick={onClose}>{text}</Link> : <span>{text}</span>}
      {/* Ages on the server's clock: the times are the server's. */}
      <time dateTime={n.created_at}>{timeAgo(n.created_at, serverNow())}</time>
      {!n.is_read && <span className="visually-hidden">(unread)</span>}
    </li>
  );
}

export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { items, loaded } = useSnapshot(notifications);
  const listRef = useRef<HTMLUListElement>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  if (!observer.current && typeof IntersectionObserver !== 'undefined') {
    observer.current = new IntersectionObserver((entries) => {
      for (const e of entries) if (e.isIntersecting) markSeen((e.target as HTMLElement).dataset.id!);
    }, { threshold: 0.6 });
  }
  useEffect(() => {
    if (!notifications.loaded) void loadNotifications();
    return () => observer.current?.disconnect();
  }, []);
  return (
    <div id="notification-panel" className="notification-panel" role="dialog" aria-label="Your notifications">
      <h2 className="notification-panel__title">Notifications</h2>
      {items.length === 0 ? (
        <p className="muted">{loaded ? 'No notifications yet.' : 'Loading…'}</p>
      ) : (
        <ul ref={listRef} className="notification-panel__list">
          {items.map((n) => <Entry key={String(n.id)} n={n} observer={observer.current} onClose={onClose} />)}
        </ul>
      )}
    </div>
  );
}
