/**
 * Lot events. Data is plain JSON: money in integer pence, instants as ISO strings, ids as strings.
 * Every event that changes a projected value carries the RESULTING value (price, leader, end...), so read models
 * are idempotent upserts and never need to replay the stream.
 */

type LotItemType = 'bottle' | 'cask';

export interface Distillery {
  name: string;
  /** null means "rest of world" (spec 2, Distillery). */
  region: string | null;
}

export interface LotPhoto {
  file: string;
  title: string;
}

/** What staff enter about the thing being sold. Cask/bottle details are optional because they depend on `type`. */
export interface LotItem {
  title: string;
  subtitle: string;
  description: string;
  distillery: Distillery;
  estimated_value_pence: number;
  photos: LotPhoto[];
  type: LotItemType;
  age: number | null;
  volume_ml: number | null;
  abv: number | null;
  cask_type: string | null;
  cask_number: string | null;
  bottled_at: string | null;
  distilled_at: string | null;
  /** Cask lots: bulk litres at the last regauge and its date (YYYY-MM-DD). Optional so events written before they existed still read. */
  bulk_litres?: number | null;
  regauge_date?: string | null;
}

export interface GroupItem {
  id: string;
  title: string;
  distillery: Distillery;
}

export interface Warehouse {
  id: string;
  name: string;
}

/** One line of the PUBLIC bid history. Never a secret maximum: the amount is what the bid stood at. */
export interface BidHistoryEntry {
  /** Unique per entry (the bid's id, or the command's auto_bid_id for a proxy answer). */
  id: string;
  bidder_id: string;
  amount: number;
  placed_at: string;
  /** true when the system bid on the bidder's behalf from their maximum. */
  automatic: boolean;
}

export interface LotConsigned {
  type: 'LotConsigned';
  data: {
    lot_id: string;
    auction_id: string;
    seller_id: string;
    reference_no: string;
    item: LotItem;
    /** null = no reserve (a 0 in the command is normalised to null). */
    reserve_price_pence: number | null;
    reserve_fee_pence: number;
    opening_bid_pence: number;
    vat_enabled: boolean;
    warehouse: Warehouse | null;
    is_group_lot: boolean;
    group_items: GroupItem[];
    custom_title: string | null;
    custom_subtitle: string | null;
    custom_description: string | null;
    featured: boolean;
    starts_at: string;
    /** The scheduled end; soft close moves `ends_at` in BidPlaced, this one stays as the original. */
    ends_at: string;
    next_minimum_bid: number;
    consigned_by: string;
    consigned_at: string;
  };
}

export interface BidPlaced {
  type: 'BidPlaced';
  data: {
    lot_id: string;
    bid_id: string;
    bidder_id: string;
    /** The bidder's new maximum. Secret: for audit only, never project it publicly. */
    max_bid: number;
    placed_at: string;
    /** true when the bidder already led and only raised their maximum. */
    is_raise: boolean;
    previous_price: number | null;
    current_price: number;
    previous_leader_id: string | null;
    leader_id: string;
    /** Secret (audit only). */
    leader_max: number;
    bid_count: number;
    reserve_met: boolean;
    ends_at: string;
    extended: boolean;
    /** ends_at minus the original end, in seconds (0 when never extended). */
    extra_time_seconds: number;
    next_minimum_bid: number;
    /** The public history lines this bid produced, in order (possibly none for a silent raise). */
    history: BidHistoryEntry[];
  };
}

export interface ReservePriceChanged {
  type: 'ReservePriceChanged';
  data: {
    lot_id: string;
    seller_id: string;
    previous_reserve_price_pence: number | null;
    reserve_price_pence: number | null;
    changed_at: string;
    /** Resulting values (the price may jump to the new reserve). */
    current_price: number | null;
    reserve_met: boolean;
    next_minimum_bid: number;
    /** A reserve jump writes one automatic line for the leader; empty otherwise. */
    history: BidHistoryEntry[];
    bid_count: number;
  };
}

export interface LotFeaturedSet {
  type: 'LotFeaturedSet';
  data: {
    lot_id: string;
    featured: boolean;
    set_by: string;
    set_at: string;
  };
}

export type LotOutcome = 'sold' | 'unsold';

export interface LotClosed {
  type: 'LotClosed';
  data: {
    lot_id: string;
    auction_id: string;
    seller_id: string;
    outcome: LotOutcome;
    winner_id: string | null;
    hammer_price: number | null;
    /** The last price even when unsold (reserve not met), for seller results; null with no bids. */
    final_price: number | null;
    reserve_price_pence: number | null;
    bid_count: number;
    ends_at: string;
    closed_at: string;
    /** true when staff withdrew the lot (the LotWithdrawn just before says why); absent on a normal close. */
    withdrawn?: boolean;
  };
}

/** Staff corrected the lot before it started. Carries the RESULTING item, opening bid and reserve. */
export interface LotEdited {
  type: 'LotEdited';
  data: {
    lot_id: string;
    item: LotItem;
    opening_bid_pence: number;
    /** null = no reserve. */
    reserve_price_pence: number | null;
    next_minimum_bid: number;
    /** Which of item.<field>, opening_bid_pence, reserve_price_pence changed (for the audit trail). */
    changed: string[];
    edited_by: string;
    edited_at: string;
  };
}

/**
 * Staff took the lot out of the sale. Always followed, in the same append, by a LotClosed (outcome 'unsold',
 * withdrawn: true): every reader that only knows LotClosed still sees the lot end with no winner.
 */
export interface LotWithdrawn {
  type: 'LotWithdrawn';
  data: {
    lot_id: string;
    auction_id: string;
    seller_id: string;
    reason: string;
    by: string;
    at: string;
  };
}

/** Staff moved the lot's scheduled end before it started (one lot, or all of an auction's lots staggered). */
export interface LotEndRescheduled {
  type: 'LotEndRescheduled';
  data: {
    lot_id: string;
    auction_id: string;
    previous_ends_at: string;
    ends_at: string;
    /** The resulting start (moved only when the auction's dates moved). */
    starts_at: string;
    by: string;
    at: string;
  };
}

export type LotEvent =
  | LotConsigned
  | BidPlaced
  | ReservePriceChanged
  | LotFeaturedSet
  | LotClosed
  | LotEdited
  | LotWithdrawn
  | LotEndRescheduled;
export type LotEventType = LotEvent['type'];
