/** Row types of the item alerts and keywords read models (migration 0610). */
export interface AlertItemsTable {
  /** The item key (domain/alerts/item-key.ts). */
  item_id: string;
  title: string;
  distillery: string;
  /** The latest consigned lot holding this item, by global position. */
  last_lot_id: string;
  /** bigint: read back as a string. */
  last_position: string | number;
}

export interface AlertFollowedItemsTable {
  user_id: string;
  item_id: string;
  title: string;
  distillery: string;
  /** false once unfollowed (the row stays so its version guards against re-applied older events). */
  followed: boolean;
  followed_at: Date;
  /** The user's alerts stream version of the last event applied to this row. */
  version: number;
}

export interface AlertKeywordsTable {
  user_id: string;
  keyword_id: string;
  word: string;
  /** false once removed. */
  active: boolean;
  added_at: Date;
  version: number;
}

declare module '../../infra/db/database' {
  interface Database {
    alert_items: AlertItemsTable;
    alert_followed_items: AlertFollowedItemsTable;
    alert_keywords: AlertKeywordsTable;
  }
}
