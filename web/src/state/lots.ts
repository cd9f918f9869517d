/**
 * Every lot the client holds, by id. Lists (featured, listing, similar, buyer's area...) keep ids and read the lot
 * from here, so a live update merged into one lot shows in every list that holds it.
 */
import { proxy } from 'valtio';
import { toPence } from '../lib/money';
import type { Extension } from '../lib/soft-close';
import type { Lot } from '../lib/types';

interface BidError {
  type: 'backend' | 'web';
  message: string;
}

interface BidNotice {
  kind: 'success' | 'warning' | 'info';
  text: string;
  /** The lot's state the notice speaks of (noticeStamp): once that changes the notice is stale and not shown. */
  stamp?: string;
}

export const lotsStore = proxy({
  byId: {} as Record<string, Lot>,
  errors: {} as Record<string, BidError>,
  notices: {} as Record<string, BidNotice>,
  /** The last soft-close extension seen live: the end before and after the late bid. */
  extensions: {} as Record<string, Extension>,
});

/**
 * What a bid notice is about: the price, who leads, whether bidding is open. A new price, an outbid or the close
 * changes it, and the notice ("Your bid has been placed...") no longer describes the lot.
 */
type StampedLot = Pick<Lot, 'on_bidding' | 'finished' | 'status' | 'bid_stats'>;

function noticeStamp(lot: StampedLot): string {
  const open = lot.on_bidding && !lot.finished && lot.status !== 'sold' && lot.status !== 'unsold';
  return `${toPence(lot.bid_stats?.current_bid ?? null)}|${!!lot.bid_stats?.is_winning}|${open}`;
}

/** The notice to show, if it still describes the lot. */
export function currentNotice(lot: StampedLot, notice: BidNotice | undefined): BidNotice | null {
  return notice && (notice.stamp === undefined || notice.stamp === noticeStamp(lot)) ? notice : null;
}

export function clearBidNotice(lotId: string): void {
  delete lotsStore.notices[lotId];
}

export function putLot(lot: Lot): Lot {
  const existing = lotsStore.byId[lot.id];
  if (existing) {
    const finished = existing.finished && lot.on_bidding === false;
    Object.assign(existing, lot);
    if (finished) existing.finished = true;
    return existing;
  }
  lotsStore.byId[lot.id] = lot;
  return lotsStore.byId[lot.id];
}

export const putLots = (lots: Lot[]): string[] => lots.map((l) => putLot(l).id);

export function setBidError(lotId: string, type: BidError['type'], message: string): void {
  lotsStore.errors[lotId] = { type, message };
  delete lotsStore.notices[lotId];
}

export function clearBidError(lotId: string): void {
  delete lotsStore.errors[lotId];
}

export function setBidNotice(lotId: string, notice: BidNotice): void {
  const lot = lotsStore.byId[lotId];
  lotsStore.notices[lotId] = lot ? { ...notice, stamp: noticeStamp(lot) } : notice;
  delete lotsStore.errors[lotId];
}
