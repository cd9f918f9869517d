/**
 * The selling calls (docs: /tmp contract "Sell requests"): a sell request with new items (answers the PDF to keep),
 * a relist of stored items into a coming auction, the estimated valuation a request may start from, and the auctions
 * still taking bottles.
 */
import { get, post } from '../../api/http';
import { toList, unwrap } from '../../lib/normalize';
import type { Auction } from '../../lib/types';
import type { NewItemsBody } from './rules';

export interface NewItemsAnswer {
  id: string;
  reference: string;
  status: string;
  /** The request's PDF, base64. */
  file_data: string;
  file_name: string;
}

export interface RelistAnswer {
  id: string;
  reference: string;
  status: string;
  lots: { lot_id: string; title: string }[];
}

export interface ValuationView {
  id: string;
  reference: string;
  status: 'pending' | 'estimated' | 'declined';
  objects: { title: string }[];
  answer: null | { decision: 'estimate' | 'decline'; low: string | null; high: string | null; message: string };
}

export const submitNewItems = async (body: NewItemsBody): Promise<NewItemsAnswer> =>
  unwrap(await post('/api/sell_request/', body, { query: { type: 'new_items' } }));

export const relistFromStorage = async (lotIds: string[], auctionId: string): Promise<RelistAnswer> =>
  unwrap(await post('/api/sell_request/', { items: lotIds, auction_id: auctionId }, { query: { type: 'from_storage' } }));

export const fetchValuation = async (id: string, signal?: AbortSignal): Promise<ValuationView> =>
  unwrap(await get(`/api/valuation_requests/${encodeURIComponent(id)}/`, undefined, { signal }));

/** Coming auctions whose deadline for adding bottles has not passed (the server filters with check_deadline). */
export const fetchOpenAuctions = async (signal?: AbortSignal): Promise<Auction[]> =>
  toList<Auction>(await get('/api/auctions/', { time: 'next', check_deadline: 'true', page_size: 25 }, { signal }));

export interface SellRequestView {
  id: string;
  reference: string;
  type: string | null;
  kind: 'new_items' | 'from_storage';
  status: string;
  auction_id: string;
  created_at: string;
  pick_up_date: string | null;
  boxes: number | null;
  items: { id: string; title: string; quantity: number; status: string; lot_id: string | null }[];
}

/** The seller's newest request with new items (the list is newest first). */
export const fetchLatestSellRequest = async (signal?: AbortSignal): Promise<SellRequestView | null> =>
  toList<SellRequestView>(await get('/api/sell_requests/', undefined, { signal })).find((r) => r.kind === 'new_items') ?? null;
