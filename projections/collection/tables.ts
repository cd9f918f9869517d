/** Row types of the collection read model (migration 0710). */
import type { ColumnType } from 'kysely';
import type { CollectionItemDescription } from '../../domain/collection/events';

type Json<T> = ColumnType<T, string, string>;

interface CollectionItemsTable {
  id: string;
  user_id: string;
  /** The user's collection stream version of the last event applied to this row. */
  version: number;
  source: string;
  lot_id: string | null;
  order_id: string | null;
  title: string;
  distillery: string;
  item: Json<CollectionItemDescription>;
  /** bigint (read back as a number, infra/db/database.ts). */
  price_paid_pence: number | null;
  /** YYYY-MM-DD, kept as text so no time zone ever shifts the day. */
  acquired_on: string;
  added_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

declare module '../../infra/db/database' {
  interface Database {
    collection_items: CollectionItemsTable;
  }
}
