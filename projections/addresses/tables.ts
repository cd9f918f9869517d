/** Row types of the address book's read model (migration 0500). */
import type { ColumnType } from 'kysely';
import type { AddressFields, AddressType } from '../../domain/addresses/events';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;

/** The address's own fields are columns of the same names (domain/addresses/events.ts AddressFields). */
export interface AddressesTable extends AddressFields {
  id: string;
  user_id: string;
  /** The address-book stream version of the last event applied to this row. */
  version: number;
  /** The stream version of the AddressAdded event: lists keep the order addresses were added in. */
  added_version: number;
  addr_type: AddressType;
  is_default: boolean;
  /** The last changed billing address (the API's `isLastModifyed`). */
  is_last_modified: boolean;
  created_at: Instant;
  updated_at: Instant;
  /** Set when the address is removed; removed rows are never answered. */
  removed_at: MaybeInstant;
}

declare module '../../infra/db/database' {
  interface Database {
    addresses: AddressesTable;
  }
}
