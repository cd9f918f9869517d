/** Shapes of the API answers the client reads (docs/api.md). Money is a decimal string with two places. */
import type { CurrentUser, Money } from '../api/contract';

export type { Money };

export interface Photo {
  file: string;
  title?: string | null;
}

export interface BidStats {
  step: Money | null;
  current_bid: Money | null;
  is_winning: boolean;
  current_user_bid: Money | null;
  opening_bid?: Money | null;
}

export interface LotItem {
  id: string | number;
  slug?: string;
  estimated_value?: Money | null;
  title: string;
  subtitle?: string | null;
  description?: string | null;
  distillery?: { name: string; description?: string | null; region?: { name: string } | null } | null;
  is_notification?: boolean;
  type?: string | null;
  age?: number | string | null;
  volume_ml?: number | null;
  abv?: number | string | null;
  cask_type?: string | null;
  /** Cask lots: cask number, bulk litres and regauge date (YYYY-MM-DD); RLA (litres of alcohol) is computed by the server. */
  cask_number?: string | null;
  bulk_litres?: number | null;
  regauge_date?: string | null;
  rla?: number | null;
}

type LotStatus = 'scheduled' | 'live' | 'sold' | 'unsold';

export interface Lot {
  /** Normalised to a string by toLot (the API uses UUIDs). */
  id: string;
  slug?: string;
  reference_no?: string | null;
  auction?: string | number | { id: string | number } | null;
  reserve_price?: Money | null;
  reserve_met?: boolean;
  is_watched?: boolean;
  custom_title?: string | null;
  custom_subtitle?: string | null;
  custom_description?: string | null;
  on_bidding: boolean;
  extra_time?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  featured?: boolean;
  vat_enabled?: boolean;
  bid_count?: number;
  status?: LotStatus;
  has_reserve?: boolean;
  opening_bid?: Money | null;
  hammer_price?: Money | null;
  photos?: Photo[];
  item: LotItem;
  /** The bottles of a group lot; each can be followed on its own (is_notification). */
  group_items?: LotItem[];
  /** The caller's own private note on the lot (GET /api/lots/{id}/ only; null when none or anonymous). */
  note?: LotNote | null;
  bid_stats: BidStats;
  /** Client-side: the server listed this lot as finished over the live channel. */
  finished?: boolean;
}

export interface LotNote {
  id: string;
  text: string;
  updated_at?: string;
}

export interface Page<T> {
  count: number;
  total_pages: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

export interface Auction {
  id: string | number;
  start_date: string;
  end_date: string;
  year?: number;
  sequence_no?: number;
  bottles_add_deadline?: string | null;
  status?: string;
  title?: string | null;
  name?: string | null;
  /** How many lots the auction holds (the home slides quote it). */
  lot_count?: number;
}

/** The signed-in user as GET /api/users/current/ answers it. */
export type User = CurrentUser;

export interface BidHistoryEntry {
  id: string | number;
  bidder: string;
  amount: Money;
  created_at: string;
  is_auto?: boolean;
}

export interface BidAnswer {
  message?: string;
  is_highest_bid?: boolean;
  reserve_met?: boolean;
  bid_stats?: Partial<BidStats>;
}

/** Read-only view of a value, as a valtio snapshot gives it. */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

export type LotView = DeepReadonly<Lot>;
