/** Pure rules of "My sell requests": the labels of statuses and ways, the delivery line and the target auction. */
import { formatLongDate } from '../../../lib/dates';
import { auctionName } from '../../../lib/normalize';
import type { Auction } from '../../../lib/types';

export type RequestStatus = 'submitted' | 'partly_received' | 'received' | 'consigned' | 'closed';
export type ItemStatus = 'expected' | 'received' | 'consigned' | 'returned';

const REQUEST_STATUS_TEXT: Record<RequestStatus, string> = {
  submitted: 'Submitted',
  partly_received: 'Partly received',
  received: 'Received',
  consigned: 'Consigned',
  closed: 'Closed',
};

const ITEM_STATUS_TEXT: Record<ItemStatus, string> = {
  expected: 'Expected',
  received: 'Received',
  consigned: 'Consigned',
  returned: 'Returned',
};

/** A status the client does not know yet shows as the server spells it, underscores as spaces. */
const label = (table: Record<string, string>, v: string) => table[v] ?? v.replace(/_/g, ' ');
export const requestStatusText = (v: string) => label(REQUEST_STATUS_TEXT, v);
export const itemStatusText = (v: string) => label(ITEM_STATUS_TEXT, v);

/** A calendar day (YYYY-MM-DD, the house's London calendar) read at local noon, so no time zone moves it a day. */
export function formatCalendarDay(day: string | null | undefined): string {
  if (!day) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatLongDate(`${day}T12:00:00`) : formatLongDate(day);
}

/**
 * How the bottles reach the house: "Send by post", "Drop off at the store", "Courier collection on 28 November
 * 2026, 2 boxes"; "From your storage" for bottles already here.
 */
export function wayText(r: { type: string | null; kind?: string; pick_up_date: string | null; boxes: number | null }): string {
  if (r.type === 'send_items') return 'Send by post';
  if (r.type === 'drop_items') return 'Drop off at the store';
  if (r.type === 'courier_collection') {
    const parts = ['Courier collection'];
    const day = formatCalendarDay(r.pick_up_date);
    if (day) parts[0] += ` on ${day}`;
    if (r.boxes) parts.push(`${r.boxes} ${r.boxes === 1 ? 'box' : 'boxes'}`);
    return parts.join(', ');
  }
  if (r.kind === 'from_storage' || r.type === null) return 'From your storage';
  return r.type.replace(/_/g, ' ');
}

/** "Auction No. 12 · 2026, starts 05 December 2026" when the auction is known, else a neutral "Auction". */
export function targetAuctionText(auctionId: string, auctions: readonly Auction[]): string {
  const a = auctions.find((x) => String(x.id) === String(auctionId));
  if (!a) return 'Auction';
  const starts = formatLongDate(a.start_date);
  return starts ? `${auctionName(a)}, starts ${starts}` : auctionName(a);
}
