/**
 * Lot commands. Already validated for shape by the HTTP layer (zod); the domain checks the business rules.
 * Time (`now`), ids and settings arrive in the command: the decider has no clock and no randomness.
 */
import type { GroupItem, LotItem, Warehouse } from './events';

export interface ConsignLot {
  type: 'ConsignLot';
  lot_id: string;
  auction_id: string;
  seller_id: string;
  reference_no: string;
  item: LotItem;
  /** null or 0 = no reserve. */
  reserve_price_pence: number | null;
  reserve_fee_pence: number;
  /** Defaults to DEFAULT_OPENING_BID (£10) when omitted. */
  opening_bid_pence?: number | null;
  vat_enabled: boolean;
  warehouse: Warehouse | null;
  is_group_lot: boolean;
  group_items: GroupItem[];
  custom_title: string | null;
  custom_subtitle: string | null;
  custom_description: string | null;
  featured: boolean;
  starts_at: string;
  /** The auction's end_date unless staff stagger lots. */
  ends_at: string;
  /** Staff user id. */
  by: string;
  now: string;
}

export interface PlaceBid {
  type: 'PlaceBid';
  lot_id: string;
  /** Fresh uuid for this bid. */
  bid_id: string;
  /** Fresh uuid used only if a proxy answers (the leader's automatic history line). */
  auto_bid_id: string;
  bidder_id: string;
  /** The bidder's maximum (proxy) bid in pence. */
  max_bid: number;
  bidder_registration_fee_paid: boolean;
  now: string;
}

export interface ChangeReservePrice {
  type: 'ChangeReservePrice';
  lot_id: string;
  /** The user asking; only the lot's seller may. */
  user_id: string;
  /** null or 0 = no reserve. */
  reserve_price_pence: number | null;
  /** Used only if the change makes the price jump to the reserve (the leader's automatic history line). */
  auto_bid_id: string;
  now: string;
}

export interface SetLotFeatured {
  type: 'SetLotFeatured';
  lot_id: string;
  featured: boolean;
  /** Staff user id (the service checks is_staff). */
  by: string;
  now: string;
}

export interface CloseLot {
  type: 'CloseLot';
  lot_id: string;
  now: string;
}

/** Staff correct a lot before it starts. Only the fields given change; `item` is merged into the current item. */
export interface EditLot {
  type: 'EditLot';
  lot_id: string;
  item?: Partial<LotItem>;
  opening_bid_pence?: number;
  /** null or 0 = no reserve. */
  reserve_price_pence?: number | null;
  /** Staff user id. */
  by: string;
  now: string;
}

/** Staff withdraw a running (or not yet started) lot, with a reason, before its end. */
export interface WithdrawLot {
  type: 'WithdrawLot';
  lot_id: string;
  reason: string;
  by: string;
  now: string;
}

/** Staff move a lot's scheduled end (and, when its auction is rescheduled, its start), before it starts. */
export interface RescheduleLotEnd {
  type: 'RescheduleLotEnd';
  lot_id: string;
  ends_at: string;
  /** Omitted = the start stays. */
  starts_at?: string;
  by: string;
  now: string;
}

export type LotCommand = ConsignLot | PlaceBid | ChangeReservePrice | SetLotFeatured | CloseLot | EditLot | WithdrawLot | RescheduleLotEnd;
