/**
 * Keeps the exposure current while the buyer's area is open, without a channel of its own: the user's private bid
 * updates already move lots between the won and lost lists, and a win or an outbid brings a notification. Either
 * re-reads the views shortly after, and once more a little later: the server's read models follow a bid by a
 * moment, and a read in between would show the old exposure. Coming back to the tab after bidding elsewhere too.
 */
import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { subscribeKey } from 'valtio/utils';
import { buyers } from '../../state/buyers';
import { notifications } from '../../state/notifications';
import { refreshSpendingCaps } from './cap-store';

/** After the trigger, when the views are re-read. */
const REFRESH_DELAYS_MS = [700, 3000];

export function useCapRefresh(): void {
  useEffect(() => {
    let timers: ReturnType<typeof setTimeout>[] = [];
    const clear = () => timers.forEach((t) => { clearTimeout(t); });
    const later = () => {
      clear();
      timers = REFRESH_DELAYS_MS.map((ms) => setTimeout(() => void refreshSpendingCaps(), ms));
    };
    const stopLists = subscribe(buyers, (ops) => {
      if (ops.some((op) => op[1][0] === 'won' || op[1][0] === 'lost')) later();
    });
    const stopNotes = subscribeKey(notifications, 'items', later);
    const onVisible = () => document.visibilityState === 'visible' && later();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clear();
      stopLists();
      stopNotes();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
