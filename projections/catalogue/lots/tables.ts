/** Row types of the lots read model (migration 0201). Money columns are integer pence. */
import type { ColumnType, GeneratedAlways } from 'kysely';
import type { GroupItem, LotItem, LotPhoto, Warehouse } from '../../../domain/catalogue/lot/events';

/** A jsonb column: read as the value, written as JSON text (pg would turn a JS array into a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

export interface LotsTable {
  id: string;
  /** The lot stream's version of the last event applied: re-applied older events are skipped. */
  version: number;
  /** The LotConsigned event's global position: the "Lot ID" order (consign order). */
  consign_position: number;
  auction_id: string;
  seller_id: string;
  reference_no: string;
  slug: string;
  title: string;
  subtitle: string;
  description: string;
  distillery: string;
  /** null = rest of world. */
  region: string | null;
  item_type: string;
  age: number | null;
  volume_ml: number | null;
  /** numeric: read back as a string. */
  abv: string | number | null;
  cask_type: string | null;
  estimated_value_pence: number;
  item: Json<LotItem>;
  photos: Json<LotPhoto[]>;
  reserve_price_pence: number | null;
  reserve_fee_pence: number;
  opening_bid_pence: number;
  vat_enabled: boolean;
  warehouse: Json<Warehouse | null>;
  is_group_lot: boolean;
  group_items: Json<GroupItem[]>;
  custom_title: string | null;
  custom_subtitle: string | null;
  custom_description: string | null;
  featured: boolean;
  starts_at: Date;
  original_ends_at: Date;
  ends_at: Date;
  current_price_pence: number | null;
  leader_id: string | null;
  bid_count: number;
  reserve_met: boolean;
  /** null while open; 'sold' | 'unsold' once closed. */
  outcome: string | null;
  winner_id: string | null;
  hammer_price_pence: number | null;
  closed_at: Date | null;
  /** Set when staff withdrew the lot (migration 0660); the lot is then also closed with outcome 'unsold'. */
  withdrawn_at: Date | null;
  withdrawal_reason: string | null;
  withdrawn_by: string | null;
  consigned_at: Date;
  price_sort: GeneratedAlways<number>;
  name_sort: GeneratedAlways<string>;
}

declare module '../../../infra/db/database' {
  interface Database {
    lots: LotsTable;
  }
}
