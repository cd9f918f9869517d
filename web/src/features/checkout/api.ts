/**
 * The checkout's calls (docs/checkout-api.md, docs/payments-api.md). Lists use page_size 9999 (spec 1 section 9).
 * Countries and addresses are api/addresses.ts, the house's bank and store details api/house.ts.
 */
import { get, newIdempotencyKey, post } from '../../api/http';
import { toList, unwrap } from '../../lib/normalize';
import type {
  CreateOrderInput, DiscountBody, DraftInput, FromStorageBody, KnownFields, Order, Relisted, SellRequest, StoragePeriodsBody, UnpaidNoticeReadBody, Wallet,
} from '../../api/contract';
import type {
  CostSummary, DraftBody, OrderResult, ScaData, Service, StorageOption, StoredItem, VoucherAnswer, WonItem,
} from './types';

type OrderBody = DraftBody & { callback: string; strong_customer_authentication_data: ScaData };

const LIST = { page_size: 9999 };

/** Lot ids come as strings (UUIDs); a number from an older answer is made one. */
function normaliseLot<T extends { lot: { id: string | number } }>(row: T): T {
  return { ...row, lot: { ...row.lot, id: String(row.lot.id) } };
}

export const fetchWonItems = async (signal?: AbortSignal): Promise<WonItem[]> =>
  toList<WonItem>(await get('/api/checkout/won_items/', LIST, { signal })).map(normaliseLot);

export const fetchStoredItems = async (signal?: AbortSignal): Promise<StoredItem[]> =>
  toList<StoredItem>(await get('/api/checkout/items_from_storage/', LIST, { signal })).map(normaliseLot);

export const fetchStorageOptions = async (lotIds: string[], signal?: AbortSignal): Promise<StorageOption[]> =>
  toList<StorageOption>(await post('/api/checkout/storage_periods/', { objects: lotIds } satisfies StoragePeriodsBody, { signal }));

export const checkDiscountCode = async (code: string): Promise<VoucherAnswer> =>
  unwrap<VoucherAnswer>(await post('/api/checkout/check_discount_code/', { discount_code: code } satisfies DiscountBody));

export const checkCosts = async (service: Service, draft: DraftBody, signal?: AbortSignal): Promise<CostSummary> =>
  unwrap<CostSummary>(await post(`/api/checkout/${service}/check_costs/`, draft satisfies KnownFields<DraftBody, DraftInput>, { signal }));

type OrderAnswer = { html: string } | { order: OrderResult };

/** Places the order: payment HTML (a card needing 3-D Secure) or the order. `key` is this attempt's Idempotency-Key. */
export async function createOrder(
  service: Service, body: OrderBody, key: string,
): Promise<OrderAnswer> {
  const d = unwrap<unknown>(await post(
    `/api/checkout/${service}/create_order/`, body satisfies KnownFields<OrderBody, CreateOrderInput>, { headers: { 'Idempotency-Key': key } },
  ));
  if (typeof d === 'string') return { html: d };
  return { order: d as OrderResult };
}

export const newAttemptKey = newIdempotencyKey;

export async function fetchWalletBalance(signal?: AbortSignal): Promise<string> {
  const w = unwrap<Partial<Pick<Wallet, 'balance'>>>(await get('/api/user_wallet/', undefined, { signal }));
  return w.balance ?? '0.00';
}

/** The unpaid-lots notice is cleared after an order (spec 1 section 4): flagged read on the server. */
export const clearUnpaidNotice = () => post('/api/unpaid_lots_to_notify/', { read: true } satisfies UnpaidNoticeReadBody);

export type LatestOrder = Pick<Order, 'id' | 'reference_no' | 'status' | 'created_at' | 'summary'>;

/** The caller's newest order (the success page after a 3-D Secure return knows no order number yet). */
export async function fetchLatestOrder(signal?: AbortSignal): Promise<LatestOrder | null> {
  const list = toList<LatestOrder>(await get('/api/orders_history/', { page: 1, page_size: 1 }, { signal }));
  return list[0] ?? null;
}

export type HeldOrder = Pick<Order, 'id' | 'reference_no' | 'status' | 'created_at' | 'lots' | 'payment_method'>;

/** The most orders awaiting payment the notice names (the API's largest page). */
const HELD_ORDERS_MAX = 100;

/**
 * The caller's orders still awaiting payment, newest first: each holds its lots, which are then not in the checkout's
 * lists (held-orders.tsx). Asked by status, not from the newest orders: a bank transfer may wait days while newer
 * orders are placed and paid.
 */
export async function fetchHeldOrders(signal?: AbortSignal): Promise<HeldOrder[]> {
  const query = { page: 1, page_size: HELD_ORDERS_MAX, status: 'awaiting_payment' };
  return toList<HeldOrder>(await get('/api/orders_history/', query, { signal }));
}

/** The won and stored lists again, both at once (after an order gave its lots back). */
export async function fetchCheckoutLists(): Promise<{ won: WonItem[]; stored: StoredItem[] }> {
  const [won, stored] = await Promise.all([fetchWonItems(), fetchStoredItems()]);
  return { won, stored };
}

/** A relist of stored lots into a coming auction: a sell request from storage (the stored items section). */
export type RelistAnswer = Relisted;

export const relistFromStorage = async (lotIds: string[], auctionId: string): Promise<RelistAnswer> =>
  unwrap(await post('/api/sell_request/', { items: lotIds, auction_id: auctionId } satisfies FromStorageBody, { query: { type: 'from_storage' } }));

/** The seller's newest request with new items (the list is newest first). */
export const fetchLatestSellRequest = async (signal?: AbortSignal): Promise<SellRequest | null> =>
  toList<SellRequest>(await get('/api/sell_requests/', undefined, { signal })).find((r) => r.kind === 'new_items') ?? null;
