/**
 * Spending cap calls (per auction, the caller's own). Money is a decimal string in pounds ("1000.00"); refusals are
 * `{detail}` or `{cap: [...]}` and reach the form as ApiError.message / ApiError.fields.cap.
 */
import type { CapBody, SpendingCapView } from '../../api/contract';
import { get, request } from '../../api/http';
import { unwrap } from '../../lib/normalize';

export type { SpendingCapView } from '../../api/contract';
/** A lot that counts towards the exposure: the standing maximum on a lot led, or the hammer price of one won. */
export type CapLot = SpendingCapView['lots'][number];

const path = (auctionId: string | number) => `/api/spending_caps/${encodeURIComponent(String(auctionId))}/`;

/** One auction's view, also when no cap is set (the exposure still shows). */
export const fetchSpendingCap = async (auctionId: string | number, signal?: AbortSignal): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await get(path(auctionId), undefined, { signal }));

/** Sets, lowers or raises the cap; `cap` is pounds as a decimal string. */
export const saveSpendingCap = async (auctionId: string | number, cap: string): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await request(path(auctionId), { method: 'PUT', body: { cap } satisfies CapBody }));

export const removeSpendingCap = async (auctionId: string | number): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await request(path(auctionId), { method: 'DELETE' }));
