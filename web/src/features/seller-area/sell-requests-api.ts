/**
 * The seller's own sell requests (GET /api/sell_requests/, docs/api.md "Sell requests"), and the auctions they target
 * (the view carries only `auction_id`, so names come from the public auction lists). There is no call to fetch a
 * request's PDF again: it is only in the answer of the submission.
 */
import { get } from '../../api/http';
import { toList } from '../../lib/normalize';
import type { Auction } from '../../lib/types';
import type { ItemStatus, RequestStatus } from './sell-request-rules';

/** A photo staff took on receipt: served to the owner with the token only (valuation/auth-image.tsx shows it). */
export interface SellRequestPhoto { id: string; url: string; thumbnail_url: string }

export interface SellRequestItem {
  id: string;
  title: string;
  quantity: number;
  status: ItemStatus | string;
  condition_note: string | null;
  lot_id: string | null;
  photos?: SellRequestPhoto[];
}

export interface SellRequest {
  id: string;
  reference: string;
  /** send_items | drop_items | courier_collection; null for a request from storage. */
  type: string | null;
  kind: 'new_items' | 'from_storage';
  status: RequestStatus | string;
  auction_id: string;
  created_at: string;
  pick_up_date: string | null;
  boxes: number | null;
  items: SellRequestItem[];
}

export const fetchMySellRequests = async (signal?: AbortSignal): Promise<SellRequest[]> =>
  toList<SellRequest>(await get('/api/sell_requests/', {}, { signal }));

/**
 * Live, coming and recent past auctions, to name a request's target. A failure here only loses the names (the
 * request still shows with its auction's date unknown), so it is not an error of the screen.
 */
export async function fetchTargetAuctions(signal?: AbortSignal): Promise<Auction[]> {
  const lists = await Promise.all((['live', 'next', 'past'] as const).map((time) =>
    get('/api/auctions/', { time, page_size: 50 }, { signal }).then((a) => toList<Auction>(a), () => [] as Auction[])));
  return lists.flat();
}
