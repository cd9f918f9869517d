/** Row types of the search tables (migrations 0700 and 0750), kept by triggers on lots. */
import type { Selectable } from 'kysely';

/** Same column names as lots, so the listing's filter conditions (lotConditions) run on it unchanged. */
export interface LotSearchTable {
  id: string;
  consign_position: number;
  auction_id: string;
  featured: boolean;
  outcome: string | null;
  starts_at: Date;
  ends_at: Date;
  vat_enabled: boolean;
  distillery: string;
  region: string | null;
  item_type: string;
  age: number | null;
  name_sort: string;
  search_vector: string;
  /** Cask lots only, null on bottles (migration 0750): the cask filters' values; rla as the Lot API computes it. */
  cask_type: string | null;
  abv: string | number | null;
  bulk_litres: string | number | null;
  rla: string | number | null;
  regauge_date: string | null;
}

export type LotSearchRow = Selectable<LotSearchTable>;

declare module '../../infra/db/database' {
  interface Database {
    lot_search: LotSearchTable;
  }
}
