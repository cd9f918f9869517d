/**
 * Sell-request events, on the stream `sell-request-<id>`: a seller's request to sell items (new bottles sent, dropped
 * or collected; or bottles already in the house's storage, relisted at once), and staff handling each item.
 * Every staff event carries the staff member's id (`by`).
 */

export type SellRequestKind = 'new_items' | 'from_storage';
export type DeliveryType = 'send_items' | 'drop_items' | 'courier_collection';

export interface SellAddress { apartment: string; country: string; region: string; city: string; zip_code: string; street: string }

/** One item as the seller described it (pence for the estimates). */
export interface SellItem {
  item_id: string;
  title: string;
  distillery: string | null;
  type: 'bottle' | 'cask' | null;
  age: number | null;
  volume_ml: number | null;
  abv: number | null;
  quantity: number;
  description: string | null;
  estimate_low_pence: number | null;
  estimate_high_pence: number | null;
  /** from_storage: the bought lot the bottles came from. */
  source_lot_id: string | null;
}

export interface SellRequestSubmitted {
  type: 'SellRequestSubmitted';
  data: {
    request_id: string; reference: string; user_id: string; kind: SellRequestKind;
    /** null for from_storage (nothing is delivered: the bottles are already in the house). */
    delivery: DeliveryType | null;
    auction_id: string;
    items: SellItem[];
    address: SellAddress | null;
    note: string | null;
    valuation_id: string | null;
    payout_method_id: string | null;
    boxes: number | null;
    insurance: boolean | null;
    /** YYYY-MM-DD, courier collection only. */
    pick_up_date: string | null;
    at: string;
  };
}

/**
 * A photo staff took of a received item. Its stored files are named in the event (generated names under the
 * `sell-requests` uploads folder, never the uploader's), so the read model and the image route find them from events.
 */
export interface SellRequestPhoto {
  image_id: string;
  file: string;
  thumb: string;
  content_type: string;
  size_bytes: number;
}

/** At most MAX_RECEIVE_PHOTOS photos, in the order staff sent them; `photos` is absent on events recorded before photos. */
export interface SellRequestItemReceived {
  type: 'SellRequestItemReceived';
  data: { request_id: string; item_id: string; condition_note: string; photos?: SellRequestPhoto[]; by: string; at: string };
}

/** The item became lot `lot_id` of `auction_id` (also a relist of its unsold lot: the newest lot wins). */
interface SellRequestItemConsigned {
  type: 'SellRequestItemConsigned';
  data: { request_id: string; item_id: string; lot_id: string; auction_id: string; by: string; at: string };
}

/** The bottles go back to the seller (never consigned, or their lot did not sell). */
interface SellRequestItemReturned {
  type: 'SellRequestItemReturned';
  data: { request_id: string; item_id: string; note: string; by: string; at: string };
}

export type SellRequestEvent = SellRequestSubmitted | SellRequestItemReceived | SellRequestItemConsigned | SellRequestItemReturned;

export const SELL_REQUEST_EVENT_TYPES: readonly SellRequestEvent['type'][] = [
  'SellRequestSubmitted', 'SellRequestItemReceived', 'SellRequestItemConsigned', 'SellRequestItemReturned',
];

export const sellRequestStream = (requestId: string) => `sell-request-${requestId}`;

/** On `unsold-lot-<lotId>`: what staff did with a lot that closed unsold. */
interface UnsoldLotRelisted {
  type: 'UnsoldLotRelisted';
  data: { lot_id: string; new_lot_id: string; auction_id: string; seller_id: string; by: string; at: string };
}
interface UnsoldLotReturned {
  type: 'UnsoldLotReturned';
  data: { lot_id: string; seller_id: string; note: string; by: string; at: string };
}
export type UnsoldLotEvent = UnsoldLotRelisted | UnsoldLotReturned;
export const unsoldLotStream = (lotId: string) => `unsold-lot-${lotId}`;
