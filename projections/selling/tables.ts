/** Row types of the sell-requests read model (migrations 0650 and 0680). */
import type { ColumnType, JSONColumnType } from 'kysely';
import type { SellAddress, SellItem } from '../../domain/selling/sell-requests/events';

interface SellRequestsTable {
  id: string;
  reference: string;
  user_id: string;
  kind: 'new_items' | 'from_storage';
  delivery: 'send_items' | 'drop_items' | 'courier_collection' | null;
  status: 'submitted' | 'partly_received' | 'received' | 'consigned' | 'closed';
  auction_id: string;
  address: JSONColumnType<SellAddress | null, string | null, string | null>;
  note: string | null;
  valuation_id: string | null;
  payout_method_id: string | null;
  boxes: number | null;
  insurance: boolean | null;
  pick_up_date: string | null;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
  version: number;
}

interface SellRequestItemsTable {
  id: string;
  request_id: string;
  position: number;
  title: string;
  details: JSONColumnType<SellItem, string, string>;
  quantity: number;
  status: 'expected' | 'received' | 'consigned' | 'returned';
  condition_note: string | null;
  lot_id: string | null;
  source_lot_id: string | null;
  updated_at: ColumnType<Date, string, string>;
}

/** A photo of a received item; `user_id`: the request's owner. */
interface SellRequestImagesTable {
  image_id: string;
  request_id: string;
  item_id: string;
  user_id: string;
  position: number;
  file: string;
  thumb: string;
  content_type: string;
}

declare module '../../infra/db/database' {
  interface Database {
    sell_requests: SellRequestsTable;
    sell_request_items: SellRequestItemsTable;
    sell_request_images: SellRequestImagesTable;
  }
}
