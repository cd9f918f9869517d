/** Row types of the closing scheduler's read model (migration 0301). */

export interface LotScheduleTable {
  lot_id: string;
  auction_id: string;
  /** The lot's current end (after soft-close extensions). */
  ends_at: Date;
  closed: boolean;
  /** The lot stream's version of the last event applied: re-applied older events are skipped. */
  version: number;
}

export interface LotScheduleAuctionsTable {
  auction_id: string;
  end_date: Date;
  finished: boolean;
}

declare module '../../../infra/db/database' {
  interface Database {
    lot_schedule: LotScheduleTable;
    lot_schedule_auctions: LotScheduleAuctionsTable;
  }
}
