/**
 * The buyer's spending caps, one view per live (and soonest next) auction. A bid, an outbid or a closed lot moves
 * the exposure on the server, so the views are re-read when the buyer's area lists move (see useCapRefresh).
 */
import { proxy } from 'valtio';
import { isNotFound } from '../../api/http';
import { fetchAuctions } from '../../api/site';
import type { Auction } from '../../lib/types';
import { fetchSpendingCap, removeSpendingCap, saveSpendingCap, type SpendingCapView } from './api';
import { auctionsForCaps } from './rules';

export const spendingCaps = proxy({
  views: [] as SpendingCapView[],
  loaded: false,
  error: '',
});

let auctionList: Auction[] = [];
// Each read or change takes a number; an answer older than the latest change is dropped, so a re-read that was
// already under way cannot put back the cap the bidder has just changed.
let generation = 0;

async function readViews(list: Auction[]): Promise<SpendingCapView[]> {
  const settled = await Promise.allSettled(list.map((a) => fetchSpendingCap(a.id)));
  const views: SpendingCapView[] = [];
  for (const s of settled) {
    if (s.status === 'fulfilled') views.push(s.value);
    // An auction gone since the list was read (404) just has no block; anything else is worth saying.
    else if (!isNotFound(s.reason)) throw s.reason;
  }
  return views;
}

async function load(readAuctions: boolean): Promise<void> {
  const mine = ++generation;
  try {
    if (readAuctions || !spendingCaps.loaded) {
      const [live, next] = await Promise.all([fetchAuctions('live', 5), fetchAuctions('next', 6)]);
      auctionList = auctionsForCaps(live, next);
    }
    const views = await readViews(auctionList);
    if (mine !== generation) return;
    spendingCaps.views = views;
    spendingCaps.error = '';
    spendingCaps.loaded = true;
  } catch (e) {
    if (mine !== generation) return;
    spendingCaps.error = (e as Error).message || 'Your spending caps could not be read.';
  }
}

/** The auctions and their views (opening the buyer's area, "Try again"). */
export const loadSpendingCaps = () => load(true);

/** The views of the auctions already shown (after bids and outbids). */
export const refreshSpendingCaps = () => load(false);

function put(view: SpendingCapView): void {
  generation++;
  const i = spendingCaps.views.findIndex((v) => String(v.auction.id) === String(view.auction.id));
  if (i >= 0) spendingCaps.views[i] = view;
  else spendingCaps.views.push(view);
}

/** Sets or changes the cap; throws the server's refusal (ApiError) for the form to show. */
export async function setCap(auctionId: string | number, cap: string): Promise<SpendingCapView> {
  const view = await saveSpendingCap(auctionId, cap);
  put(view);
  return view;
}

export async function removeCap(auctionId: string | number): Promise<SpendingCapView> {
  const view = await removeSpendingCap(auctionId);
  put(view);
  return view;
}
