/** Lot and listing calls (spec 2 section 7, docs/api.md); the bid calls are the lot page's (features/bidding/api.ts). */
import { parseCounters, parseIncrements, parseYears } from '../lib/normalize';
import type { Lot } from '../lib/types';
import type { AuctionYears, BidIncrement, FilterCounters, HistoricalSale, LotAnswer, LotDetail, LotListing, LotsUpdatedData, Page, WatchingChange, WonItem } from './contract';
import { del, get, post } from './http';

type LotPage = Page<LotAnswer>;

export const fetchLot = (id: string): Promise<Lot> => get<LotDetail>(`/api/lots/${id}/`);

export const fetchFeaturedLots = async () => (await get<LotPage>('/api/lots/', { featured: true, live: true, page_size: 6 })).results;

export const fetchListing = (query: string, signal?: AbortSignal) => get<LotListing>('/api/lots/filters/', query, { signal });

export const fetchCounters = async (query: string, signal?: AbortSignal) =>
  parseCounters(await get<FilterCounters>('/api/lots/filters/filter_counters/', query, { signal }));

export const fetchAuctionYears = async () => parseYears(await get<AuctionYears>('/api/auction_years/'));

export const fetchBidIncrements = async () => parseIncrements(await get<BidIncrement[]>('/api/bid_increments/', undefined, { auth: false }));

/** The live numbers of the given lots in one call (spec 2, section 7). */
export const fetchLotsUpdatedData = (ids: string[]) => post<LotsUpdatedData>('/api/get_lots_updated_data/', { id_list: ids });

const lotsOf = async (answer: Promise<LotPage>) => (await answer).results;

interface PerformancePoint {
  date: string;
  price: string;
  label: string;
}

/** Historical performance: the hammer prices this item fetched before. */
export async function fetchHistoricalPerformance(lotId: string): Promise<PerformancePoint[]> {
  const page = await get<Page<HistoricalSale>>('/api/historical_performance/', { lot_id: lotId });
  return page.results.map((r) => ({ date: r.date, price: r.hammer_price, label: r.title }));
}

export const addToWatching = (lot: string) => post<WatchingChange>(`/api/add_to_watching_list/?lot=${lot}`, {});
export const removeFromWatching = (lot: string) => del('/api/delete_watching_list/', { lot });

export const fetchWatching = () => lotsOf(get<LotPage>('/api/lots_from_watching_list/', { page_size: 100 }));
/** The ids of the caller's won lots waiting to be paid (GET /api/checkout/won_items/: not paid, in no order). */
export const fetchUnpaidWonIds = async (): Promise<string[]> =>
  (await get<Page<WonItem>>('/api/checkout/won_items/', { page_size: 9999 })).results.map((w) => w.lot.id);

export const fetchUserLots = (won: boolean) => lotsOf(get<LotPage>('/api/user_lots_view/', { won, page_size: 100 }));
