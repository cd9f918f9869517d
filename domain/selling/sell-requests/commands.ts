/** Sell-request commands: ids, the reference, the target auction's deadline and the time all come in (no I/O). */
import type { DeliveryType, SellAddress, SellItem, SellRequestPhoto } from './events';

export interface SubmitSellRequest {
  type: 'SubmitSellRequest';
  request_id: string;
  reference: string;
  user_id: string;
  kind: 'new_items' | 'from_storage';
  delivery: DeliveryType | null;
  auction: { id: string; bottles_add_deadline: string };
  items: SellItem[];
  address: SellAddress | null;
  note: string | null;
  valuation_id: string | null;
  payout_method_id: string | null;
  boxes: number | null;
  insurance: boolean | null;
  pick_up_date: string | null;
  /** from_storage: the new lot of each item (by item id), consigned in the same step. */
  consigned_lots: Record<string, string>;
  now: string;
}

/** `photos`: already checked and stored under temp names by the caller; none is fine. */
export interface ReceiveSellRequestItem {
  type: 'ReceiveSellRequestItem'; request_id: string; item_id: string; condition_note: string; photos: SellRequestPhoto[]; by: string; now: string;
}

export interface ConsignSellRequestItem {
  type: 'ConsignSellRequestItem'; request_id: string; item_id: string; lot_id: string; auction_id: string; by: string; now: string;
  /** A relist of the item's unsold lot (the item is already consigned). */
  relist_of: string | null;
}

/** `lot_id`: the unsold lot being returned (null: an item never consigned). */
export interface ReturnSellRequestItem { type: 'ReturnSellRequestItem'; request_id: string; item_id: string; lot_id: string | null; note: string; by: string; now: string }

export type SellRequestCommand = SubmitSellRequest | ReceiveSellRequestItem | ConsignSellRequestItem | ReturnSellRequestItem;

/** `outcome`: the lot's close as the catalogue read it (null: still open). */
interface RelistUnsoldLot { type: 'RelistUnsoldLot'; lot_id: string; seller_id: string; outcome: string | null; new_lot_id: string; auction_id: string; by: string; now: string }
interface ReturnUnsoldLot { type: 'ReturnUnsoldLot'; lot_id: string; seller_id: string; outcome: string | null; note: string; by: string; now: string }
export type UnsoldLotCommand = RelistUnsoldLot | ReturnUnsoldLot;
