/** Orders, lots and summaries for the order tests (not a test file itself). */
import type { PriceSummary } from '../checkout/types';
import type { PlaceOrder } from './commands';
import type { LotPurchaseEvent, OrderEvent, OrderLot, OrderPlaced } from './events';

export const NOW = '2026-11-21T12:00:00.000Z';
export const LATER = '2026-11-22T09:30:00.000Z';
export const BUYER = 'buyer-1';
export const SELLER = 'seller-1';
export const ORDER = 'order-1';

export function summary(o: Partial<PriceSummary> = {}): PriceSummary {
  return {
    items_count: 1, subtotal: 10_000, buyers_commission_amount: 1_250, vat_on_products_amount: 0, buyers_commission_vat_amount: 250,
    shipping_amount: 0, insurance_amount: 0, storage_amount: 0, delivery_storage_amount: 0, late_payment_fee_amount: 0,
    late_storage_fee_amount: 0, debt: 0, total: 11_500, voucher_discount_amount: 0, voucher_remainder_amount: 0, used_from_wallet: 0,
    credit_card_surcharge_amount: 0, credit_debit_card: 11_500, buyers_commission_percent: 12.5, insurance_percent: 3,
    late_payment_fee_percent: 5, credit_card_surcharge_percent: 3, vat_enabled: false, ...o,
  };
}

export function lot(id: string, o: Partial<OrderLot> = {}): OrderLot {
  return {
    lot_id: id, seller_id: SELLER, auction_id: 'auction-1', reference_no: `R-${id}`, title: 'Macallan 18', hammer_pence: 10_000,
    vat_enabled: false, reserve_fee_pence: 0, auction_ended_at: '2026-11-20T20:00:00.000Z', ...o,
  };
}

export function order(o: Partial<OrderPlaced['data']> = {}): Omit<OrderPlaced['data'], 'placed_at'> {
  return {
    order_id: ORDER, order_number: 'WA-2026-000001', user_id: BUYER, service: 'collection', payment_method: 'UK_BANK', payment_id: null,
    lots: [lot('lot-a')], stored_lot_ids: [], summary: summary(), voucher_code: null, storage: null, billing_address: null,
    shipping_address: null, personal_information: null, note: '', ...o,
  };
}

export const place = (o: Partial<OrderPlaced['data']> = {}): PlaceOrder => ({ type: 'PlaceOrder', order: order(o), now: NOW });

export const placed = (o: Partial<OrderPlaced['data']> = {}): OrderEvent => ({ type: 'OrderPlaced', data: { ...order(o), placed_at: NOW } });

export const paid = (method: 'UK_BANK' | 'CARD' | 'NONE' = 'UK_BANK'): OrderEvent => ({
  type: 'OrderPaid', data: { order_id: ORDER, method, payment_id: null, reference: 'BACS 1', by: 'staff-1', paid_at: LATER },
});

export const reserved = (lotId: string, orderId = ORDER, buyer = BUYER): LotPurchaseEvent =>
  ({ type: 'LotReserved', data: { lot_id: lotId, order_id: orderId, buyer_id: buyer, at: NOW } });
export const lotPaid = (lotId: string, orderId = ORDER, buyer = BUYER): LotPurchaseEvent =>
  ({ type: 'LotPaid', data: { lot_id: lotId, order_id: orderId, buyer_id: buyer, at: NOW } });
export const stored = (lotId: string, expiresAt: string, orderId = ORDER): LotPurchaseEvent =>
  ({ type: 'LotStorageExtended', data: { lot_id: lotId, order_id: orderId, expires_at: expiresAt, at: NOW } });
