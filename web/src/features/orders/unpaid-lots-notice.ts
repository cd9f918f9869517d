/**
 * When to show the UnpaidLots modal (spec 1 section 4): once the user is known, not on the checkout (nor its success
 * page, where the order has just cleared the notice), and only when the server says the notice is set and unread.
 * Asked once per user per page load; the modal itself flags the notice read, so a reload does not show it again.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { queueModal } from '../../state/modals';
import { session } from '../../state/session';
import { isCheckoutPath } from '../../page-paths';
import { fetchUnpaidLotsNotice } from './api';

let askedFor: string | null = null;

export function useUnpaidLotsNotice(): void {
  const { status, user } = useSnapshot(session);
  const [path] = useLocation();
  const userId = status === 'signed-in' && user ? String(user.id) : null;
  const onCheckout = isCheckoutPath(path);
  useEffect(() => {
    if (!userId || onCheckout || askedFor === userId) return;
    askedFor = userId;
    fetchUnpaidLotsNotice()
      .then((notice) => {
        // Signed out or gone to the checkout while asking: not now.
        if (session.user && String(session.user.id) !== userId) return;
        if (isCheckoutPath(location.pathname)) {
          askedFor = null;
          return;
        }
        if (notice.unpaid_lots_to_notify && notice.count > 0) queueModal('unpaidLots', { lots: notice.lots, count: notice.count });
      })
      .catch((e) => console.warn('Could not read the unpaid-lots notice', e));
  }, [userId, onCheckout]);
}
