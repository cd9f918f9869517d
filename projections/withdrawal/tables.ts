/** Row types of the payout read models (migration 0420). */
import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;

export interface PayoutMethodsTable {
  id: string;
  user_id: string;
  /** The payout-methods stream version of the last event applied to this row. */
  version: number;
  type: 'UK_BANK' | 'INT_BANK';
  account_owner_uk: string | null;
  sort_code_uk: string | null;
  account_number_uk: string | null;
  account_owner_int: string | null;
  iban_int: string | null;
  bic_swift_int: string | null;
  bank_address_int: string | null;
  label: string;
  is_default: boolean;
  created_at: Instant;
  updated_at: Instant;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  version: number;
  /** bigint: pg answers a string. */
  amount_pence: ColumnType<string, number, number>;
  status: 'awaiting_code' | 'confirmed' | 'cancelled' | 'paid_out' | 'rejected';
  payout_method_id: string;
  payout_method_type: 'UK_BANK' | 'INT_BANK';
  payout_method_label: string;
  created_at: Instant;
  confirmed_at: MaybeInstant;
  cancelled_at: MaybeInstant;
  cancel_reason: string | null;
  paid_out_at: MaybeInstant;
  paid_out_by: string | null;
  reference: string | null;
  rejected_at: MaybeInstant;
  rejected_by: string | null;
  reject_reason: string | null;
  updated_at: Instant;
}

declare module '../../infra/db/database' {
  interface Database {
    payout_methods: PayoutMethodsTable;
    withdrawals: WithdrawalsTable;
  }
}
