/**
 * The bell in the header: the unread count, and the notification list in a panel loaded on first open (kept out of
 * the first-load bundle). Closes on Escape or a click outside.
 */
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useDismiss } from '../../components/hooks';
import { BellIcon } from '../../components/icons';
import { unreadCount } from '../../lib/notification-list';
import { notifications } from '../../state/notifications';

const NotificationPanel = lazy(() => import('./notification-panel').then((m) => ({ default: m.NotificationPanel })));

export function NotificationBell() {
  const { items } = useSnapshot(notifications);
  const unread = unreadCount(items);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  return (
    <div className="notification-bell" ref={ref}>
      <button
        type="button" className="icon-button notification-bell__toggle" aria-expanded={open} aria-controls="notification-panel"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'} onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {unread > 0 && <span className="notification-bell__count" aria-hidden="true">{unread > 9 ? '9+' : unread}</span>}
      </button>
      {open && (
        <Suspense fallback={<div id="notification-panel" className="notification-panel" aria-busy="true" />}>
          <NotificationPanel onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
