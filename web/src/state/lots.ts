/**
 * Every lot the client holds, by id. Lists (featured, listing, similar, buyer's area...) keep ids and read the lot
 * from here, so a live update merged into one lot shows in every list that holds it.
 */
import { proxy } from 'valtio';
import type { Lot } from '../lib/types';

export interface BidError {
  type: 'backend' | 'web';
  message: string;
}

export interface BidNotice {
  kind: 'success' | 'warning' | 'info';
  text: string;
}

export const lotsStore = proxy({
  byId: {} as Record<string, Lot>,
  errors: {} as Record<string, BidError>,
  notices: {} as Record<string, BidNotice>,
});

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
  lotsStore.notices[lotId] = notice;
  delete lotsStore.errors[lotId];
}
