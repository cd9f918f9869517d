/**
 * Live channel messages merged into a lot (docs/api.md "Live channels"). The functions mutate the lot they are
 * given, so they work the same on a plain object and on a valtio proxy held by every list that shows the lot.
 */
import type { BidUpdateMessage, LotsUpdatedData, LotUpdateMessage } from '../api/contract';
import type { Lot } from './types';

export type { BidUpdateMessage, LotsUpdatedData, LotUpdateMessage };

/**
 * What a merge reads: whichever fields of a public lot update it carries (a catch-up row has no end unless extended),
 * plus the caller's lead where its source knows it (a private bid update, the catch-up read; never the public update).
 */
type LotChange = Partial<LotUpdateMessage> & Partial<Pick<BidUpdateMessage, 'is_winning'>>;
/** A change for one lot (the live channel's, or a row of the catch-up read). */
export type LotUpdate = LotChange & Pick<LotUpdateMessage, 'lot_id'>;
/** A private bid update as merged: the lead is always said, the rest when the message carries it. */
type BidUpdate = Pick<BidUpdateMessage, 'is_winning'> & Partial<BidUpdateMessage>;

const has = <T extends object>(o: T, k: keyof T) => o[k] !== undefined;

export function applyLotUpdate(lot: Lot, m: LotChange): void {
  if (has(m, 'current_bid')) lot.bid_stats.current_bid = m.current_bid ?? null;
  // The server always sends a step; an empty one keeps the lot's.
  if (m.bid_step) lot.bid_stats.step = m.bid_step;
  if (has(m, 'is_winning')) lot.bid_stats.is_winning = !!m.is_winning;
  // Extra time is cleared when the update carries an empty value.
  if (has(m, 'lot_extra_time')) lot.extra_time = m.lot_extra_time ? m.lot_extra_time : null;
  if (has(m, 'lot_on_bidding')) lot.on_bidding = !!m.lot_on_bidding;
  if (has(m, 'reserve_met')) lot.reserve_met = !!m.reserve_met;
  if (typeof m.bid_count === 'number') lot.bid_count = m.bid_count;
  if (has(m, 'end_date') && m.end_date) lot.end_date = m.end_date;
}

/**
 * A state older than what the page holds: fewer bids than it already shows (bids are never taken back, so the
 * count only grows). It happens when a socket's first look (the live feed's state) and the page's own read (the read
 * models) cross: the newer of the two stays.
 */
export function isStaleUpdate(lot: Lot, m: LotChange): boolean {
  return typeof m.bid_count === 'number' && typeof lot.bid_count === 'number' && m.bid_count < lot.bid_count;
}

/** Applies a private bid update; answers whether the caller has just lost the lead (to show "outbid"). */
export function applyBidUpdate(lot: Lot, m: BidUpdate): { outbid: boolean } {
  const wasWinning = lot.bid_stats?.is_winning;
  applyLotUpdate(lot, { current_bid: m.current_bid, bid_step: m.bid_step, is_winning: m.is_winning });
  if (m.current_user_bid !== undefined) lot.bid_stats.current_user_bid = m.current_user_bid;
  return { outbid: !m.is_winning && wasWinning !== false };
}

export function applyFinished(lot: Lot): void {
  lot.on_bidding = false;
  lot.finished = true;
}

/** The lot's current end: the extended end when extended, else its end date. */
export const effectiveEnd = (lot: Pick<Lot, 'extra_time' | 'end_date'>) => lot.extra_time || lot.end_date || null;

/** Turns the answer of POST /api/get_lots_updated_data/ (spec 2, section 7) into the same updates the live channel sends, so one merge serves both. */
export function updatesFromLotsUpdatedData(data: LotsUpdatedData): { updates: LotUpdate[]; finished: string[] } {
  const extra = new Map(data.lots_updated_extra_time.map((e) => [e.id, e]));
  const updates = data.lots_updated_data.map((row): LotUpdate => {
    const ext = extra.get(row.id);
    return {
      purpose: 'lot_update', lot_id: row.id, current_bid: row.current_bid, bid_step: row.bid_step,
      reserve_met: row.reserve_met, lot_on_bidding: row.on_bidding, bid_count: row.bid_count, is_winning: row.is_winning,
      lot_extra_time: ext?.extra_time ?? null, ...(ext?.end_date ? { end_date: ext.end_date } : {}),
    };
  });
  return { updates, finished: data.finished_lots };
}
