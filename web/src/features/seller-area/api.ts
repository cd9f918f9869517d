/**
 * The seller area's calls (docs/selling.md, docs/api.md): the caller's lots as a seller (live reserve met / not met,
 * scheduled, results recent / past, sold / not sold), the auctions they sold or did not sell in, the reserve change
 * and the seller statement PDFs (base64 files, downloaded like the watching-list PDF).
 */
import { downloadFile, type FilePayload } from '../../api/files';
import { get, isNotFound, patch } from '../../api/http';
import { toList, toLot, toPage, unwrap } from '../../lib/normalize';
import type { Auction, BidStats, Lot, Money } from '../../lib/types';

interface SellerCosts {
  hammer: Money;
  commission: Money;
  listing_fee: Money;
  reserve_fee: Money;
  total_fees: Money;
  net_proceeds: Money;
  vat_in_fees: Money;
}

type PaymentStatus = 'awaiting_buyer_payment' | 'paid_to_wallet';

/** A lot of the seller lists: a lot plus its sale fields (all null unless sold). */
export interface SellerLot extends Lot {
  seller_costs?: SellerCosts | null;
  payment_status?: PaymentStatus | null;
  paid_to_wallet_at?: string | null;
}

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

async function lotList(path: string, query: Record<string, string | number> = {}, signal?: AbortSignal): Promise<SellerLot[]> {
  // A 404 on a list reads as "nothing here yet".
  const answer = await get(path, { page_size: PAGE_SIZE, ...query }, { signal }).catch((e) => (isNotFound(e) ? [] : Promise.reject(e)));
  return toPage<unknown>(answer).results.map((l) => toLot(l)).filter((l): l is SellerLot => !!l);
}

export const fetchLiveList = (which: LiveList, signal?: AbortSignal) => lotList(LIVE_PATHS[which], {}, signal);

export const fetchResults = (when: ResultsWhen, outcome: ResultsOutcome, auction?: string, signal?: AbortSignal) =>
  lotList(RESULT_PATHS[when][outcome], auction ? { auction } : {}, signal);

/** The auctions in which the caller sold (or did not sell) lots, most recent first. */
export async function fetchResultAuctions(outcome: ResultsOutcome, signal?: AbortSignal): Promise<Auction[]> {
  const path = outcome === 'sold' ? '/api/sold_lots_auction_dates/' : '/api/not_sold_lots_auction_dates/';
  return toList<Auction>(await get(path, {}, { signal }).catch((e) => (isNotFound(e) ? [] : Promise.reject(e))));
}

export interface ReserveAnswer {
  id: string;
  reserve_price: Money | null;
  reserve_met: boolean;
  bid_stats?: BidStats;
}

/** PATCH /api/update_reserve_price/{id}/ (null or 0: no reserve). Failures carry {reserve_price: ["..."]}. */
export async function updateReservePrice(lotId: string, reservePrice: string | null): Promise<ReserveAnswer> {
  return unwrap<ReserveAnswer>(await patch(`/api/update_reserve_price/${lotId}/`, { reserve_price: reservePrice }));
}

export async function downloadLastStatement(): Promise<void> {
  downloadFile(unwrap<FilePayload>(await get('/api/auctions/get_last_auction_seller_pdf/')));
}

export async function downloadAuctionStatement(auctionId: string): Promise<void> {
  downloadFile(unwrap<FilePayload>(await get(`/api/auctions/${auctionId}/get_seller_pdf/`)));
}

/** The auction id of a lot, whichever way the list spells it. */
export function auctionIdOf(lot: Pick<Lot, 'auction'>): string | null {
  const a = lot.auction;
  if (a === null || a === undefined) return null;
  return typeof a === 'object' ? String(a.id) : String(a);
}
