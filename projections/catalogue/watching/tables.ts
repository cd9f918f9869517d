/** Row types of the watching list read model (migration 0203). */
export interface WatchingListTable {
  user_id: string;
  lot_id: string;
  /** false once removed (the row stays so its version guards against re-applied older events). */
  watched: boolean;
  added_at: Date;
  /** The user's watching stream version of the last event applied to this row. */
  version: number;
}

declare module '../../../infra/db/database' {
  interface Database {
    watching_list: WatchingListTable;
  }
}
