/**
 * The seller area's calls (docs/selling.md, docs/api.md): the caller's lots as a seller (live reserve met / not met,
 * scheduled, results recent / past, sold / not sold), the auctions they sold or did not sell in, the reserve change
 * and the seller statement PDFs (base64 files, downloaded like the watching-list PDF).
 */
import { downloadFrom } from '../../../api/files';
import { get, isNotFound, patch } from '../../../api/http';
import type { Page, ReserveBody, ReserveChanged, SellerLot, SellerLotPage } from '../../../api/contract';
import type { Auction } from '../../../lib/types';

/** A lot of the seller lists: a lot plus its sale fields (all null unless sold). */
export type { SellerLot };
/** PATCH /api/update_reserve_price/{id}/: the lot's new reserve and stats. */
export type ReserveAnswer = ReserveChanged;

type LiveList = 'met' | 'notMet' | 'scheduled';
export type ResultsWhen = 'recent' | 'past';
export type ResultsOutcome = 'sold' | 'notSold';

const LIVE_PATHS: Record<LiveList, string> = {
  met: '/api/reserve_met/',
  notMet: '/api/reserve_not_met/',
  scheduled: '/api/sheduled_auction/', // spelled so by the API
};

const RESULT_PATHS: Record<ResultsWhen, Record<ResultsOutcome, string>> = {
  recent: { sold: '/api/recent_auctions_result/', notSold: '/api/no_sold_recent_auctions_result/' },
  past: { sold: '/api/past_auctions_result/', notSold: '/api/no_sold_past_auctions_result/' },
};

/** Enough for one seller's lots in an auction; the lists are not paged on screen. */
const PAGE_SIZE = 100;

/** A 404 on a list reads as "nothing here yet". */
const orNothing = (e: unknown) => (isNotFound(e) ? null : Promise.reject(e));

async function lotList(path: string, query: Record<string, string | number> = {}, signal?: AbortSignal): Promise<SellerLot[]> {
  const answer = await get<SellerLotPage>(path, { page_size: PAGE_SIZE, ...query }, { signal }).catch(orNothing);
  return answer?.results ?? [];
}

export const fetchLiveList = (which: LiveList, signal?: AbortSignal) => lotList(LIVE_PATHS[which], {}, signal);

export const fetchResults = (when: ResultsWhen, outcome: ResultsOutcome, auction?: string, signal?: AbortSignal) =>
  lotList(RESULT_PATHS[when][outcome], auction ? { auction } : {}, signal);

/** The auctions in which the caller sold (or did not sell) lots, most recent first. */
export async function fetchResultAuctions(outcome: ResultsOutcome, signal?: AbortSignal): Promise<Auction[]> {
  const path = outcome === 'sold' ? '/api/sold_lots_auction_dates/' : '/api/not_sold_lots_auction_dates/';
  return (await get<Page<Auction>>(path, {}, { signal }).catch(orNothing))?.results ?? [];
}

/** PATCH /api/update_reserve_price/{id}/ (null or 0: no reserve). Failures carry {reserve_price: ["..."]}. */
export async function updateReservePrice(lotId: string, reservePrice: string | null): Promise<ReserveAnswer> {
  return patch<ReserveAnswer>(`/api/update_reserve_price/${lotId}/`, { reserve_price: reservePrice } satisfies ReserveBody);
}

export async function downloadLastStatement(): Promise<void> {
  await downloadFrom('/api/auctions/get_last_auction_seller_pdf/');
}

export async function downloadAuctionStatement(auctionId: string): Promise<void> {
  await downloadFrom(`/api/auctions/${auctionId}/get_seller_pdf/`);
}
