/** Row types of the bid read models (migration 0202). */
export interface LotBidVersionsTable {
  lot_id: string;
  /** The lot stream's version of the last bid event applied here. */
  version: number;
  leader_id: string | null;
}

/** One bidder's standing on one lot. max_bid_pence is private to that bidder. */
export interface LotBiddersTable {
  lot_id: string;
  user_id: string;
  /** "Bidder N" in the public history: numbered by first appearance on the lot. */
  bidder_no: number;
  max_bid_pence: number;
  is_winning: boolean;
  last_bid_at: Date;
}

/** One line of the public bid history (never a secret maximum). */
export interface LotBidHistoryTable {
  id: string;
  lot_id: string;
  bidder_id: string;
  amount_pence: number;
  placed_at: Date;
  automatic: boolean;
  position: number;
  line_no: number;
}

declare module '../../../infra/db/database' {
  interface Database {
    lot_bid_versions: LotBidVersionsTable;
    lot_bidders: LotBiddersTable;
    lot_bid_history: LotBidHistoryTable;
  }
}
