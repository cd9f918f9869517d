/**
 * Staff sell-request calls (services/selling/staff-routes.ts, receive.ts): the queue by status, an item received
 * with a condition note and photos, an item consigned as a lot (fields left out are filled by the server from the item), and an unsold
 * lot relisted into a next auction or returned to its seller.
 */
import { ApiError, get, post } from '../../../api/http';
import type { Auction, Lot } from '../../../lib/types';
import type { ConsignItemBody, KnownFields, LotDetail, LotMade, Page, ReceiveItemBody, RelistBody, ReturnLotBody, StaffSellRequest } from '../../../api/contract';
import { sendForm } from '../../../api/valuations';
import { firstServerMessage } from '../../../lib/valuation-rules';

/** A request in the staff queue: the seller's request with its owner (items with their details and receipt photos). */
export type { StaffSellRequest };
export type SellRequestStatus = StaffSellRequest['status'];
export type SellItemView = StaffSellRequest['items'][number];

export const fetchStaffSellRequests = async (status: string, signal?: AbortSignal) =>
  (await get<Page<StaffSellRequest>>('/api/staff/sell_requests/', { status }, { signal })).results;

/**
 * Without photos the call stays JSON; with photos it is multipart (condition_note, photo1..photoN) through the
 * valuation client's `sendForm` (same token and refresh), a refusal thrown as an ApiError like any other call.
 */
export async function receiveItem(requestId: string, itemId: string, conditionNote: string, photos: File[] = []): Promise<unknown> {
  const path = `/api/staff/sell_requests/${requestId}/items/${itemId}/receive/`;
  if (photos.length === 0) return post(path, { condition_note: conditionNote } satisfies ReceiveItemBody);
  const form = new FormData();
  form.append('condition_note', conditionNote);
  photos.forEach((file, i) => { form.append(`photo${i + 1}`, file, file.name); });
  let res: Response;
  try {
    res = await sendForm(path, form);
  } catch (e) {
    throw new ApiError(e instanceof Error ? e.message : 'Server Error', undefined, null, {});
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new ApiError(typeof data === 'string' ? `Server Error With Status ${res.status}` : firstServerMessage(data), res.status, data, {});
  return data;
}

export interface ConsignFields {
  auction_id: string;
  title?: string;
  subtitle?: string;
  description?: string;
  distillery?: { name: string; region?: string | null };
  type?: 'bottle' | 'cask';
  age?: number | null;
  volume_ml?: number | null;
  abv?: number | null;
  cask_type?: string | null;
  estimated_value?: string;
  opening_bid?: string;
  reserve_price?: string | null;
}

export const consignItem = async (requestId: string, itemId: string, body: ConsignFields) =>
  post<LotMade>(`/api/staff/sell_requests/${requestId}/items/${itemId}/consign/`, body satisfies KnownFields<ConsignFields, ConsignItemBody>);

export const relistLot = async (lotId: string, auctionId: string) =>
  post<LotMade>(`/api/staff/lots/${lotId}/relist/`, { auction_id: auctionId } satisfies RelistBody);

export const returnLot = (lotId: string, note: string) => post(`/api/staff/lots/${lotId}/return/`, { note } satisfies ReturnLotBody);

/** The auctions a lot can still go into: the live one and the next ones, soonest first. */
/** Auctions a lot can still be consigned or relisted into: the server refuses any that has started. */
export async function fetchOpenAuctions(signal?: AbortSignal): Promise<Auction[]> {
  return (await get<Page<Auction>>('/api/auctions/', { time: 'next', page_size: 25 }, { signal })).results;
}

export const fetchLot = (lotId: string, signal?: AbortSignal): Promise<Lot> => get<LotDetail>(`/api/lots/${lotId}/`, undefined, { signal });
