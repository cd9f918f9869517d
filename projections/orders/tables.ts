/** Row types of the checkout and order read models (tables made by infra/db/migrations/0520-orders-read.ts). */
import type { ColumnType } from 'kysely';
import type { OrderAddress, OrderLot, OrderPlaced, OrderStatus } from '../../domain/orders/events';
import type { PriceSummary, StoragePeriodChoice } from '../../domain/checkout/types';

type Instant = ColumnType<Date, string, string>;
type MaybeInstant = ColumnType<Date | null, string | null | undefined, string | null>;
/** A jsonb column: read as the value, written as JSON text (pg would turn a JS array into a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

type PersonalInformation = NonNullable<OrderPlaced['data']['personal_information']>;

export interface OrdersTable {
  id: string;
  /** The order stream's version of the last event applied. */
  version: number;
  order_number: string;
  user_id: string;
  service: string;
  payment_method: string | null;
  payment_id: string | null;
  status: OrderStatus;
  /** The price summary as placed (pence). */
  summary: Json<PriceSummary>;
  lots: Json<OrderLot[]>;
  stored_lot_ids: Json<string[]>;
  voucher_code: string | null;
  storage: Json<StoragePeriodChoice | null>;
  billing_address: Json<OrderAddress | null>;
  shipping_address: Json<OrderAddress | null>;
  personal_information: Json<PersonalInformation | null>;
  note: string;
  /** What the order costs the buyer in all: total - voucher + card surcharge (= credit_debit_card + used_from_wallet). */
  total_pence: number;
  /** Left to pay by the payment method: credit_debit_card while awaiting payment, 0 once paid or cancelled. */
  amount_due_pence: number;
  placed_at: Instant;
  paid_at: MaybeInstant;
  /** 'CARD' | 'UK_BANK' | 'INT_BANK' | 'IN_STORE' | 'NONE' (nothing left to pay). */
  paid_method: string | null;
  paid_reference: string | null;
  paid_by: string | null;
  cancelled_at: MaybeInstant;
  cancel_reason: string | null;
  updated_at: Instant;
}

/** 'reserved': in an order awaiting payment; 'paid'; 'released': its order was cancelled, free to order again. */
type LotPurchaseState = 'reserved' | 'paid' | 'released';

export interface LotPurchasesTable {
  lot_id: string;
  /** The lot-purchase stream's version of the last event applied. */
  version: number;
  buyer_id: string | null;
  state: LotPurchaseState;
  /** The order that paid the lot, else the one holding its reservation. */
  order_id: string | null;
  paid_order_id: string | null;
  /** An order awaiting payment that holds the lot (a won lot's reservation, or a stored lot included in a later
   *  order); cleared when that order pays (LotPaid, LotStorageExtended, LotLeftStorage for it) or releases it. */
  pending_order_id: string | null;
  reserved_at: MaybeInstant;
  paid_at: MaybeInstant;
  released_at: MaybeInstant;
  /** The paid bottles are in the house's storage. */
  in_storage: boolean;
  storage_expires_at: MaybeInstant;
  left_storage_at: MaybeInstant;
  updated_at: Instant;
}

export interface VouchersTable {
  /** Upper case. */
  code: string;
  version: number;
  kind: 'fixed' | 'percent';
  /** Pence for fixed, basis points for percent. */
  value: number;
  expires_at: MaybeInstant;
  max_uses: number | null;
  once_per_user: boolean;
  /** Redemptions not reversed. */
  uses: number;
  issued_by: string;
  issued_at: Instant;
  updated_at: Instant;
}

interface VoucherRedemptionsTable {
  code: string;
  order_id: string;
  user_id: string;
  discount_pence: number;
  redeemed_at: Instant;
  reversed_at: MaybeInstant;
}

declare module '../../infra/db/database' {
  interface Database {
    orders: OrdersTable;
    lot_purchases: LotPurchasesTable;
    vouchers: VouchersTable;
    voucher_redemptions: VoucherRedemptionsTable;
  }
}
