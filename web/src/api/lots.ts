/** Lot and listing calls (spec 2 section 7, docs/api.md); the bid calls are the lot page's (features/bidding/api.ts). */
import { parseCounters, parseIncrements, parseYears, toList, toLot, toPage } from '../lib/normalize';
import type { Lot } from '../lib/types';
import type { LotsUpdatedData } from '../lib/lot-merge';
import { del, get, post } from './http';

export const fetchLot = async (id: string) => {
  const lot = toLot(await get(`/api/lots/${id}/`));
  if (!lot) throw new Error('Lot not found');
  return lot;
};

export const fetchFeaturedLots = async () =>
  toList<Lot>(await get('/api/lots/', { featured: true, live: true, page_size: 6 })).map((l) => toLot(l)!).filter(Boolean);

export const fetchListing = async (query: string, signal?: AbortSignal) => {
  const page = toPage<Lot>(await get('/api/lots/filters/', query, { signal }));
  return { ...page, results: page.results.map((l) => toLot(l)).filter((l): l is Lot => !!l) };
};

export const fetchCounters = async (query: string, signal?: AbortSignal) =>
  parseCounters(await get('/api/lots/filters/filter_counters/', query, { signal }));

export const fetchAuctionYears = async () => parseYears(await get('/api/auction_years/'));

export const fetchBidIncrements = async () => parseIncrements(await get('/api/bid_increments/', undefined, { auth: false }));

/** The live numbers of the given lots in one call (spec 2, section 7). */
export const fetchLotsUpdatedData = async (ids: string[]) => (await post('/api/get_lots_updated_data/', { id_list: ids })) as LotsUpdatedData;

const lotsOf = (v: unknown) => toList<Lot>(v).map((l) => toLot(l)).filter((l): l is Lot => !!l);


interface PerformancePoint {
  date: string;
  price: string;
  label?: string;
}

/** Historical performance: prices this item (or its like) fetched before; rows of {date, price} in any spelling. */
export async function fetchHistoricalPerformance(lotId: string): Promise<PerformancePoint[]> {
  return toList<Record<string, unknown>>(await get('/api/historical_performance/', { lot_id: lotId }))
    .map((r) => ({
      date: String(r.date ?? r.end_date ?? r.sold_at ?? r.created_at ?? ''),
      price: String(r.price ?? r.hammer_price ?? r.amount ?? r.final_price ?? ''),
      label: (r.title ?? r.auction_name ?? r.auction) as string | undefined,
    }))
    .filter((p) => p.price !== '');
}

export const addToWatching = (lot: string) => post(`/api/add_to_watching_list/?lot=${lot}`, {});
export const removeFromWatching = (lot: string) => del('/api/delete_watching_list/', { lot });

export const fetchWatching = async () => lotsOf(await get('/api/lots_from_watching_list/', { page_size: 100 }));
/** The ids of the caller's won lots waiting to be paid (GET /api/checkout/won_items/: not paid, in no order). */
export const fetchUnpaidWonIds = async (): Promise<string[]> =>
  toList<{ lot?: { id?: string | number } }>(await get('/api/checkout/won_items/', { page_size: 9999 }))
    .map((w) => String(w.lot?.id ?? '')).filter(Boolean);

export const fetchUserLots = async (won: boolean) => lotsOf(await get('/api/user_lots_view/', { won, page_size: 100 }));
