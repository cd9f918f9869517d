/** Row types of the spending caps read model (migration 0630). */
import type { ColumnType } from 'kysely';

interface SpendingCapsTable {
  user_id: string;
  auction_id: string;
  /** null once removed. bigint: read back as a string. */
  cap_pence: ColumnType<string | null, number | null, number | null>;
  updated_at: Date;
  version: number;
}

declare module '../../infra/db/database' {
  interface Database {
    spending_caps: SpendingCapsTable;
  }
}
