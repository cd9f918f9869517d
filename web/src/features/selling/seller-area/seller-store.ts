/**
 * The seller's live and scheduled lots, kept as ids (the lots themselves live in lotsStore, where the live channel
 * merges bids and reserve_met). A reserve change, the seller's own or one a bid brings about, moves the lot between
 * the reserve-met and reserve-not-met lists, new entries on top (spec 2, "Reserve price change").
 */
import { proxy } from 'valtio';
import { lotsStore, putLots } from '../../../state/lots';
import { fetchLiveList, updateReservePrice, type ReserveAnswer } from './api';

export const sellerLive = proxy({
  met: [] as string[],
  notMet: [] as string[],
  scheduled: [] as string[],
  loaded: false,
  error: '',
});

export async function loadSellerLive(): Promise<void> {
  sellerLive.error = '';
  try {
    const [met, notMet, scheduled] = await Promise.all([fetchLiveList('met'), fetchLiveList('notMet'), fetchLiveList('scheduled')]);
    sellerLive.met = putLots(met);
    sellerLive.notMet = putLots(notMet);
    sellerLive.scheduled = putLots(scheduled);
    sellerLive.loaded = true;
  } catch (e) {
    sellerLive.error = e instanceof Error ? e.message : 'Server Error';
  }
}

/** Moves a live lot to the list its reserve state says, on top; the lists' lengths are the counts shown. */
function placeByReserve(lotId: string, met: boolean): void {
  const [from, to] = met ? [sellerLive.notMet, sellerLive.met] : [sellerLive.met, sellerLive.notMet];
  const i = from.indexOf(lotId);
  if (i < 0) return; // not a live lot of this list (scheduled lots stay where they are)
  from.splice(i, 1);
  if (!to.includes(lotId)) to.unshift(lotId);
}

/** Lots whose reserve_met changed under a live update since they were listed are moved across. */
export function reconcileReserve(): void {
  if (!sellerLive.loaded) return;
  for (const id of [...sellerLive.met]) if (lotsStore.byId[id]?.reserve_met === false) placeByReserve(id, false);
  for (const id of [...sellerLive.notMet]) if (lotsStore.byId[id]?.reserve_met === true) placeByReserve(id, true);
}

/** The seller's reserve change: the answer is merged into the lot, which then moves list if its state changed. */
export async function changeReserve(lotId: string, reservePrice: string | null): Promise<ReserveAnswer> {
  const answer = await updateReservePrice(lotId, reservePrice);
  const lot = lotsStore.byId[lotId];
  if (lot) {
    lot.reserve_price = answer.reserve_price;
    lot.reserve_met = answer.reserve_met;
    lot.bid_stats = { ...lot.bid_stats, ...answer.bid_stats };
  }
  placeByReserve(lotId, answer.reserve_met);
  return answer;
}
