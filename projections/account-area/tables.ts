/** Row types of the account area's tables (migration 0620). */

/** The lot_notes read model (projections/account-area/lot-notes-projection.ts). */
export interface LotNotesTable {
  id: string;
  user_id: string;
  lot_id: string;
  text: string;
  created_at: Date;
  updated_at: Date;
  /** The user's lot-notes stream version of the last event applied to this row. */
  version: number;
}

/**
 * Not a read model: which lots a signed-in user opened, newest `seq` first (services/account-area/recently-viewed.ts).
 * A convenience list, not a fact anyone else relies on, so it is written straight from the lot page, not as events.
 */
export interface RecentlyViewedLotsTable {
  user_id: string;
  lot_id: string;
  viewed_at: Date;
  seq: string | number;
}

declare module '../../infra/db/database' {
  interface Database {
    lot_notes: LotNotesTable;
    recently_viewed_lots: RecentlyViewedLotsTable;
  }
}
