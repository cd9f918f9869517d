/**
 * Order events (issue #8). Three kinds of streams change together when an order is placed or paid (in one
 * transaction, infra/commands/multi-stream.ts):
 * - `order-<id>`: the order itself;
 * - `lot-purchase-<lotId>`: who holds a won lot's purchase (one order at a time: this is what makes two concurrent
 *   create_order calls for the same lots end in one order) and where the paid bottles are (storage);
 * - `voucher-<CODE>`: the voucher and its redemptions.
 * Wallet movements (wallet use, voucher remainders, seller proceeds and fees) are events on the wallet streams.
 * Amounts are integer pence; instants ISO strings.
 */
import type { PaymentMethod, PriceSummary, Service, StoragePeriodChoice } from '../checkout/types';

/** Every status an order can have, in its life's order (the API's filters and the staff's status change list them). */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'processing', 'shipped', 'ready_for_collection', 'collected', 'stored', 'cancelled'] as const;
export type OrderStatus = typeof ORDER_STATUSES[number];

export interface OrderLot {
  lot_id: string;
  seller_id: string;
  auction_id: string;
  reference_no: string;
  title: string;
  hammer_pence: number;
  vat_enabled: boolean;
  /** The seller's fees on this lot (product rules: 5% commission, £5 listing, the lot's reserve fee). */
  reserve_fee_pence: number;
  /** The auction's end (added by ORDERS-WRITE): a storage order's new expiry starts from its free 45 days. */
  auction_ended_at?: string;
}

export interface OrderAddress {
  country: string; region: string; city: string; street: string; apartment: string; zip_code: string;
  name?: string; company?: string; phone_number?: string;
}

export interface OrderPlaced {
  type: 'OrderPlaced';
  data: {
    order_id: string;
    /** Human reference, e.g. "WA-2026-000123". */
    order_number: string;
    user_id: string;
    service: Service;
    payment_method: PaymentMethod | null;
    /** The saved-card or payment stream id when paying by card. */
    payment_id: string | null;
    lots: OrderLot[];
    stored_lot_ids: string[];
    summary: PriceSummary;
    voucher_code: string | null;
    storage: StoragePeriodChoice | null;
    billing_address: OrderAddress | null;
    shipping_address: OrderAddress | null;
    personal_information: { first_name: string; last_name: string; email: string; phone_number: string; additional_phone_number: string } | null;
    note: string;
    placed_at: string;
  };
}

/** Paid: by card (payment_id), by bank or in store (staff, reference), or nothing left to pay (wallet/voucher). */
export interface OrderPaid {
  type: 'OrderPaid';
  data: { order_id: string; method: PaymentMethod | 'NONE'; payment_id: string | null; reference: string | null; by: string; paid_at: string };
}

interface OrderStatusChanged {
  type: 'OrderStatusChanged';
  data: { order_id: string; from: OrderStatus; to: OrderStatus; by: string; at: string };
}

/** A card payment that failed, or staff cancelling an unpaid order: the lots are free to order again. */
export interface OrderCancelled {
  type: 'OrderCancelled';
  data: { order_id: string; reason: string; by: string; at: string };
}

export type OrderEvent = OrderPlaced | OrderPaid | OrderStatusChanged | OrderCancelled;
export const ORDER_EVENT_TYPES: readonly OrderEvent['type'][] = ['OrderPlaced', 'OrderPaid', 'OrderStatusChanged', 'OrderCancelled'];

/** On `lot-purchase-<lotId>`. */
interface LotReserved { type: 'LotReserved'; data: { lot_id: string; order_id: string; buyer_id: string; at: string } }
interface LotReservationReleased { type: 'LotReservationReleased'; data: { lot_id: string; order_id: string; at: string } }
export interface LotPaid { type: 'LotPaid'; data: { lot_id: string; order_id: string; buyer_id: string; at: string } }
/** The paid bottles are (or stay) in the house's storage until `expires_at`. */
interface LotStorageExtended { type: 'LotStorageExtended'; data: { lot_id: string; order_id: string; expires_at: string; at: string } }
/** The bottles leave storage (shipped or collected through an order). */
interface LotLeftStorage { type: 'LotLeftStorage'; data: { lot_id: string; order_id: string; at: string } }

export type LotPurchaseEvent = LotReserved | LotReservationReleased | LotPaid | LotStorageExtended | LotLeftStorage;
export const LOT_PURCHASE_EVENT_TYPES: readonly LotPurchaseEvent['type'][] = [
  'LotReserved', 'LotReservationReleased', 'LotPaid', 'LotStorageExtended', 'LotLeftStorage',
];

/** On `voucher-<CODE>` (codes upper case). */
export interface VoucherIssued {
  type: 'VoucherIssued';
  data: {
    code: string; kind: 'fixed' | 'percent'; value: number; expires_at: string | null; max_uses: number | null;
    once_per_user: boolean; by: string; at: string;
  };
}
interface VoucherRedeemed { type: 'VoucherRedeemed'; data: { code: string; user_id: string; order_id: string; discount_pence: number; at: string } }
/** The order that used it was cancelled: the use is given back. */
interface VoucherRedemptionReversed { type: 'VoucherRedemptionReversed'; data: { code: string; user_id: string; order_id: string; at: string } }

export type VoucherEvent = VoucherIssued | VoucherRedeemed | VoucherRedemptionReversed;
export const VOUCHER_EVENT_TYPES: readonly VoucherEvent['type'][] = ['VoucherIssued', 'VoucherRedeemed', 'VoucherRedemptionReversed'];

export const orderStream = (orderId: string) => `order-${orderId}`;
export const lotPurchaseStream = (lotId: string) => `lot-purchase-${lotId}`;
export const voucherStream = (code: string) => `voucher-${code.trim().toUpperCase()}`;
