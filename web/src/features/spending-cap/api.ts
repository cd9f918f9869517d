/**
 * Spending cap calls (per auction, the caller's own). Money is a decimal string in pounds ("1000.00"); refusals are
 * `{detail}` or `{cap: [...]}` and reach the form as ApiError.message / ApiError.fields.cap.
 */
import { get, request } from '../../api/http';
import { unwrap } from '../../lib/normalize';
import type { Money } from '../../lib/types';

type CapAuctionStatus = 'live' | 'next' | 'past';

interface CapAuction {
  id: string | number;
  year?: number;
  sequence_no?: number;
  start_date: string;
  end_date: string;
  status: CapAuctionStatus;
}

/** A lot that counts towards the exposure: the standing maximum on a lot led, or the hammer price of one won. */
export interface CapLot {
  lot_id: string | number;
  title: string;
  slug?: string | null;
  exposure: Money;
  kind: 'leading' | 'won';
}

export interface SpendingCapView {
  auction: CapAuction;
  /** null when no cap is set for the auction. */
  cap: Money | null;
  exposure: Money;
  remaining: Money | null;
  over_cap: boolean;
  lots: CapLot[];
}

const path = (auctionId: string | number) => `/api/spending_caps/${encodeURIComponent(String(auctionId))}/`;

/** One auction's view, also when no cap is set (the exposure still shows). */
export const fetchSpendingCap = async (auctionId: string | number, signal?: AbortSignal): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await get(path(auctionId), undefined, { signal }));

/** Sets, lowers or raises the cap; `cap` is pounds as a decimal string. */
export const saveSpendingCap = async (auctionId: string | number, cap: string): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await request(path(auctionId), { method: 'PUT', body: { cap } }));

export const removeSpendingCap = async (auctionId: string | number): Promise<SpendingCapView> =>
  unwrap<SpendingCapView>(await request(path(auctionId), { method: 'DELETE' }));
