/** Builders for the lot tests: a consigned lot and bids, with deterministic ids and instants. */
import type { ConsignLot, PlaceBid, CloseLot, ChangeReservePrice, LotCommand } from './commands';
import type { LotEvent, LotItem } from './events';
import { lotDecider } from './decide';
import { fold } from '../../shared/decider';

export const LOT = 'lot-1';
export const AUCTION = 'auction-1';
export const SELLER = 'seller';
export const STAFF = 'staff';
export const STARTS_AT = '2025-03-01T10:00:00.000Z';
export const ENDS_AT = '2025-03-08T20:00:00.000Z';
export const END_MS = Date.parse(ENDS_AT);
/** An instant well inside the bidding window (a day before the end: never in the soft-close zone). */
export const MID = '2025-03-07T20:00:00.000Z';

/** The instant `seconds` before the scheduled end (negative = after it). */
export function beforeEnd(seconds: number): string {
  return new Date(END_MS - seconds * 1000).toISOString();
}

export const ITEM: LotItem = {
  title: 'Macallan 18',
  subtitle: 'Sherry Oak',
  description: 'A bottle.',
  distillery: { name: 'Macallan', region: 'Speyside' },
  estimated_value_pence: 30_000,
  photos: [{ file: 'a.jpg', title: 'front' }],
  type: 'bottle',
  age: 18,
  volume_ml: 700,
  abv: 43,
  cask_type: null,
  cask_number: null,
  bottled_at: null,
  distilled_at: null,
};

export function consignCommand(overrides: Partial<ConsignLot> = {}): ConsignLot {
  return {
    type: 'ConsignLot',
    lot_id: LOT,
    auction_id: AUCTION,
    seller_id: SELLER,
    reference_no: 'R-0001',
    item: ITEM,
    reserve_price_pence: null,
    reserve_fee_pence: 0,
    opening_bid_pence: null,
    vat_enabled: false,
    warehouse: null,
    is_group_lot: false,
    group_items: [],
    custom_title: null,
    custom_subtitle: null,
    custom_description: null,
    featured: false,
    starts_at: STARTS_AT,
    ends_at: ENDS_AT,
    by: STAFF,
    now: '2025-02-20T09:00:00.000Z',
    ...overrides,
  };
}

export function consigned(overrides: Partial<ConsignLot> = {}): LotEvent {
  return lotDecider.decide(consignCommand(overrides), lotDecider.initialState)[0]!;
}

let counter = 0;
/** A paid-up bidder's maximum bid at `now` (MID by default). Ids: "b<n>" for the bid, "a<n>" for a proxy answer. */
export function bid(bidder: string, maxBid: number, now: string = MID, overrides: Partial<PlaceBid> = {}): PlaceBid {
  counter += 1;
  return {
    type: 'PlaceBid',
    lot_id: LOT,
    bid_id: `b${counter}`,
    auto_bid_id: `a${counter}`,
    bidder_id: bidder,
    max_bid: maxBid,
    bidder_registration_fee_paid: true,
    now,
    ...overrides,
  };
}

export function close(now: string = ENDS_AT): CloseLot {
  return { type: 'CloseLot', lot_id: LOT, now };
}

export function changeReserve(reserve: number | null, now: string = MID, userId: string = SELLER): ChangeReservePrice {
  return { type: 'ChangeReservePrice', lot_id: LOT, user_id: userId, reserve_price_pence: reserve, auto_bid_id: 'auto-r', now };
}

/** The history of a consigned lot after these commands, each decided against the state before it. */
export function history(consign: Partial<ConsignLot>, ...commands: LotCommand[]): LotEvent[] {
  const events: LotEvent[] = [consigned(consign)];
  for (const command of commands) events.push(...lotDecider.decide(command, fold(lotDecider, events)));
  return events;
}
