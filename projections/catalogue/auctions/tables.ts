/** Row types of the auctions read model (migration 0200). */
export interface AuctionsTable {
  id: string;
  start_date: Date;
  end_date: Date;
  year: number;
  sequence_no: number;
  bottles_add_deadline: Date;
  finished_at: Date | null;
  created_at: Date;
}

declare module '../../../infra/db/database' {
  interface Database {
    auctions: AuctionsTable;
  }
}
