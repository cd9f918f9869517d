/** Row types of the wallet read model (tables made by infra/db/migrations/0410-wallet.ts). */
import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, string, string>;

interface WalletsTable {
  user_id: string;
  /** Stream version of the last event applied: an older or repeated event changes nothing. */
  version: number;
  /** Posted: credits - debits - captured holds. */
  balance_pence: number;
  /** Active holds. */
  pending_pence: number;
  overdraft_limit_pence: number;
  updated_at: Instant;
}

type WalletTransactionType = 'credit' | 'debit' | 'withdrawal';
type WalletTransactionStatus = 'completed' | 'pending' | 'released';

export interface WalletTransactionsTable {
  user_id: string;
  /** The entry id (credit, debit) or hold id (withdrawal). */
  id: string;
  /** Stream version of the event that created the row: stable, used for receipt numbers. */
  entry_number: number;
  /** Stream version of the row's latest event (placed, captured, released): the list's order, newest first. */
  stream_version: number;
  /** Time of the row's latest event. */
  date: Instant;
  /** Time of the event that created the row (a withdrawal's request). */
  created_at: Instant;
  type: WalletTransactionType;
  kind: string;
  description: string;
  /** Signed: credits positive, debits and withdrawals negative. */
  amount_pence: number;
  /** Posted balance right after the row's latest event (a pending hold leaves it unchanged). */
  balance_after_pence: number;
  reference: string | null;
  status: WalletTransactionStatus;
  /** Who posted it: user, staff id or 'system' (for a withdrawal, who captured or released it). */
  by: string | null;
  reason: string | null;
}

declare module '../../infra/db/database' {
  interface Database {
    wallets: WalletsTable;
    wallet_transactions: WalletTransactionsTable;
  }
}
