/**
 * The checkout's pure vocabulary (issue #8): services, payment methods, the price inputs and the price summary.
 * Every amount is integer pence. The pricing functions live beside this file (price-summary.ts and friends); the
 * order decider and the routes use these types, never their own copies.
 */

/** The `{service}` path segment of /api/checkout/{service}/... */
export const SERVICES = ['delivery', 'storage', 'collection', 'wallet_settle'] as const;
export type Service = (typeof SERVICES)[number];

/** The server enumeration of payment methods (spec 1 section 3). */
export const PAYMENT_METHODS = ['CARD', 'UK_BANK', 'INT_BANK', 'IN_STORE'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Shipping zones and their carriers (product rules). */
export type Carrier = 'DPD' | 'DHL' | 'UPS' | 'Non Deliverable Zone';

/** A won lot being paid for. */
export interface PricedLot {
  lot_id: string;
  hammer_pence: number;
  vat_enabled: boolean;
  /** The auction's end: payment is due 7 days after it; free storage runs 45 days from it. */
  auction_ended_at: string;
}

/** A paid lot held in the house's storage, included in this checkout. */
export interface StoredLot {
  lot_id: string;
  /** End of the storage already paid (45 free days, plus any periods bought). */
  storage_expires_at: string;
}

/** A storage period as offered by /api/checkout/storage_periods/. */
export interface StoragePeriodChoice {
  storage_type: 'days' | 'months';
  /** 45 for the free period (days); 3, 6 or 12 (months). */
  value: number;
}

export interface Voucher {
  code: string;
  kind: 'fixed' | 'percent';
  /** Pence for fixed, basis points for percent (1000 = 10%). */
  value: number;
}

/** Everything the price depends on: built by the server from its own records, never from the client's figures. */
export interface PriceInput {
  service: Service;
  won_lots: PricedLot[];
  stored_lots: StoredLot[];
  /** Delivery only: the zone of the shipping country. */
  carrier: Carrier | null;
  /** Delivery only (default true). */
  insurance: boolean;
  /** Storage only. */
  storage: StoragePeriodChoice | null;
  payment_method: PaymentMethod | null;
  voucher: Voucher | null;
  /** What the buyer asked to use from the wallet (0 = none). */
  wallet_requested_pence: number;
  /** The wallet's available balance now (may be negative: then it is the debt). */
  wallet_balance_pence: number;
  now: string;
}

/** The price summary (spec 1 section 3), in pence. How each line is computed: docs/checkout.md. */
export interface PriceSummary {
  items_count: number;
  subtotal: number;
  buyers_commission_amount: number;
  vat_on_products_amount: number;
  buyers_commission_vat_amount: number;
  shipping_amount: number;
  insurance_amount: number;
  storage_amount: number;
  delivery_storage_amount: number;
  late_payment_fee_amount: number;
  late_storage_fee_amount: number;
  debt: number;
  /** Everything owed before voucher, wallet and card surcharge. */
  total: number;
  voucher_discount_amount: number;
  /** The part of the voucher above the total: credited to the wallet when the order is placed. */
  voucher_remainder_amount: number;
  used_from_wallet: number;
  credit_card_surcharge_amount: number;
  /** What is left to pay by the payment method: total - voucher - wallet + card surcharge. */
  credit_debit_card: number;
  buyers_commission_percent: number;
  insurance_percent: number;
  late_payment_fee_percent: number;
  credit_card_surcharge_percent: number;
  vat_enabled: boolean;
}
