/** Row types of the payments read models (tables made by infra/db/migrations/0400-payments.ts). */
import type { ColumnType } from 'kysely';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;

interface PaymentsTable {
  id: string;
  user_id: string;
  purpose: string;
  amount_pence: number;
  /**
   * requested | lapsed | created | challenge_required | succeeded | failed (a refund keeps 'succeeded' and counts
   * refunded_pence). `requested`: the provider is being asked, or its answer was lost; `lapsed`: it had nothing.
   */
  status: string;
  card_brand: string;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
  provider: string;
  /** Null while requested (the provider has not answered). */
  provider_ref: string | null;
  failure_code: string | null;
  failure_message: string | null;
  refunded_pence: ColumnType<number, number | undefined, number>;
  /** A refund decided and not yet made by the provider (services/payments/owed-refunds.ts makes it); 0 when none. */
  refund_due_pence: ColumnType<number, number | undefined, number>;
  /** When it was requested (or created, for payments made before requests were recorded). */
  created_at: Instant;
  completed_at: MaybeInstant;
  /** The payment stream's version of the last event applied. */
  version: number;
}

export interface UserCardsTable {
  id: string;
  user_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  card_holder_name: string;
  is_default: boolean;
  created_at: Instant;
  /** Set when removed (the row stays so a re-applied older event cannot bring the card back). */
  removed_at: MaybeInstant;
  /** The user's cards stream version of the last event applied to this row. */
  version: number;
}

declare module '../../infra/db/database' {
  interface Database {
    payments: PaymentsTable;
    user_cards: UserCardsTable;
  }
}
