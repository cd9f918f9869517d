/**
 * When to show the UnpaidLots modal (spec 1 section 4): once the user is known, not on the checkout (nor its success
 * page, where the order has just cleared the notice), and only when the server says the notice is set and unread.
 * Asked once per user per page load; the modal itself flags the notice read, so a reload does not show it again.
 * An ask that failed in a way that may pass (no network, the server busy or down) is asked again a few times, so a
 * buyer on a flaky connection still learns of a lot waiting for payment without reloading.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { mayPass } from '../../api/http';
import { queueModal } from '../../state/modals';
import { session } from '../../state/session';
import { isCheckoutPath } from '../../page-paths';
import { fetchUnpaidLotsNotice } from './api';

/** The waits before asking again after a failure that may pass; after the last, the next page load asks. */
const NOTICE_RETRY_MS = [2_000, 5_000, 15_000] as const;

let askedFor: string | null = null;

/** Still worth asking: the same user is signed in, and no other user's sign-in has asked since. */
const stillFor = (userId: string) => askedFor === userId && session.user !== null && String(session.user.id) === userId;

function ask(userId: string, attempt: number): void {
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
    .catch((e) => {
      const wait = NOTICE_RETRY_MS[attempt];
      if (wait === undefined || !mayPass(e)) {
        console.warn('Could not read the unpaid-lots notice', e);
        return;
      }
      setTimeout(() => {
        if (!stillFor(userId)) return;
        // On the checkout now: the effect asks again once the buyer leaves it.
        if (isCheckoutPath(location.pathname)) askedFor = null;
        else ask(userId, attempt + 1);
      }, wait);
    });
}

export function useUnpaidLotsNotice(): void {
  const { status, user } = useSnapshot(session);
  const [path] = useLocation();
  const userId = status === 'signed-in' && user ? String(user.id) : null;
  const onCheckout = isCheckoutPath(path);
  useEffect(() => {
    if (!userId || onCheckout || askedFor === userId) return;
    askedFor = userId;
    ask(userId, 0);
  }, [userId, onCheckout]);
}
