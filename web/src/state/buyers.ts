/** The buyer's area: watching list and won / lost lots, kept as lot ids (the lots live in lotsStore). */
import { proxy } from 'valtio';
import { addToWatching, fetchUnpaidWonIds, fetchUserLots, fetchWatching, removeFromWatching } from '../api/lots';
import type { ApiError } from '../api/http';
import type { Lot } from '../lib/types';
import { lotsStore, putLots } from './lots';
import { pushToast } from './toasts';
import { friendlyFailure } from '../lib/error-text';

export const buyers = proxy({
  watching: [] as string[],
  won: [] as string[],
  lost: [] as string[],
  /**
   * Won lots that closed before the area loaded and are not waiting for payment (paid, or in an order): they get no
   * Pay button. A lot won while the page is open is waiting for payment by definition.
   */
  settled: [] as string[],
  loaded: false,
  loading: false,
  error: '',
});

export async function loadBuyersArea(): Promise<void> {
  buyers.loading = true;
  buyers.error = '';
  try {
    const [watching, won, lost, unpaid] = await Promise.all([fetchWatching(), fetchUserLots(true), fetchUserLots(false), fetchUnpaidWonIds()]);
    buyers.watching = putLots(watching);
    buyers.won = putLots(won);
    buyers.lost = putLots(lost);
    const waiting = new Set(unpaid);
    buyers.settled = won.filter((l) => l.status === 'sold' && !waiting.has(String(l.id))).map((l) => String(l.id));
    buyers.loaded = true;
  } catch (e) {
    buyers.error = (e as Error).message;
  } finally {
    buyers.loading = false;
  }
}

/** A live bid update moves the lot between the won and lost lists (when the area is loaded). */
export function moveOnBidUpdate(lotId: string, isWinning: boolean): void {
  if (!buyers.loaded) return;
  const [from, to] = isWinning ? [buyers.lost, buyers.won] : [buyers.won, buyers.lost];
  const i = from.indexOf(lotId);
  if (i >= 0) from.splice(i, 1);
  if (!to.includes(lotId)) to.unshift(lotId);
}

export async function toggleWatch(lot: Lot): Promise<void> {
  const target = lotsStore.byId[lot.id] ?? lot;
  const watch = !target.is_watched;
  target.is_watched = watch;
  try {
    if (watch) await addToWatching(lot.id);
    else await removeFromWatching(lot.id);
    if (buyers.loaded) {
      const i = buyers.watching.indexOf(lot.id);
      if (watch && i < 0) buyers.watching.unshift(lot.id);
      if (!watch && i >= 0) buyers.watching.splice(i, 1);
    }
  } catch (e) {
    target.is_watched = !watch;
    if ((e as ApiError).status !== 401) pushToast({ kind: 'error', title: 'Watching list', text: friendlyFailure(e, 'change your watching list') });
  }
}
