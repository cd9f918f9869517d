/** What the order calls answer (docs/checkout-api.md): money as decimal strings. */
import { penceToDecimal } from '../../domain/shared/money';
import type { OrderPlaced } from '../../domain/orders/events';
import type { OrderState } from '../../domain/orders/state';
import { nextStatuses } from '../../domain/orders/order-status';
import type { VoucherIssued } from '../../domain/orders/events';
import { houseBankData, houseContactData, loadHouseSettings } from '../../infra/config/house-settings';
import { z } from 'zod';
import { money } from '../../infra/http/answers';
import { PAYMENT_METHODS, SERVICES } from '../../domain/checkout/types';

export const createdOrderSchema = z.object({
  order_number: z.string(),
  amount_due: money,
  order_id: z.string(),
  status: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  /** A bank order awaiting payment: where to send the money. */
  bank_details: houseBankData.optional(),
  /** An in-store order awaiting payment: where and when to pay. */
  store_info: houseContactData.optional(),
  /** The 202: the order is placed, its card payment could not be completed; the same request again carries it on. */
  detail: z.string().optional(),
});
type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** POST /api/orders/{id}/cancel/ (cancel-own-order.ts). */
export const cancelledOwnOrderSchema = z.object({
  id: z.string(), reference_no: z.string(),
  /** cancelled; or paid, when the provider said the payment had gone through. */
  status: z.string(),
  msg: z.string(),
}).meta({ id: 'OrderCancelAnswer' });
export type CancelledOwnOrder = z.infer<typeof cancelledOwnOrderSchema>;

export const staffOrderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  user_id: z.string(),
  service: z.enum(SERVICES),
  status: z.string(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  total: money,
  amount_due: money,
  paid_at: z.string().nullable(),
  paid_method: z.string().nullable(),
  paid_reference: z.string().nullable(),
  next_statuses: z.array(z.string()),
});
type StaffOrder = z.infer<typeof staffOrderSchema>;

export const voucherSchema = z.object({
  code: z.string(), kind: z.enum(['fixed', 'percent']), value: z.string(), expires_at: z.string().nullable(), max_uses: z.number().int().nullable(),
  once_per_user: z.boolean(), uses: z.number().int(), uses_left: z.number().int().nullable(), issued_by: z.string(), created_at: z.string(),
});
type Voucher = z.infer<typeof voucherSchema>;

/**
 * create_order's 201: bank orders awaiting payment carry the house's bank details, in-store orders its store info;
 * a paid order (card paid at once, or nothing left to pay) is due "0.00".
 */
export function createdOrderAnswer(order: OrderPlaced['data'], status: OrderState['status']): CreatedOrder {
  const awaiting = status === 'awaiting_payment';
  const method = order.payment_method;
  const settings = loadHouseSettings();
  return {
    order_number: order.order_number,
    amount_due: penceToDecimal(awaiting ? order.summary.credit_debit_card : 0),
    order_id: order.order_id,
    status,
    payment_method: method,
    ...(awaiting && (method === 'UK_BANK' || method === 'INT_BANK') ? { bank_details: settings.banks } : {}),
    ...(awaiting && method === 'IN_STORE' ? { store_info: settings.contacts } : {}),
  };
}

/** The staff calls' answer: the order as it now stands, with the statuses it may move to next. */
export function staffOrderAnswer(state: OrderState): StaffOrder {
  const order = state.order!;
  const s = order.summary;
  return {
    id: order.order_id,
    order_number: order.order_number,
    user_id: order.user_id,
    service: order.service,
    status: state.status,
    payment_method: order.payment_method,
    total: penceToDecimal(s.credit_debit_card + s.used_from_wallet),
    amount_due: penceToDecimal(state.status === 'awaiting_payment' ? s.credit_debit_card : 0),
    paid_at: state.paid?.paid_at ?? null,
    paid_method: state.paid?.method ?? null,
    paid_reference: state.paid?.reference ?? state.paid?.payment_id ?? null,
    next_statuses: nextStatuses(state),
  };
}

/** A voucher as the staff list shows it: value "10.00" (pounds for fixed, the percentage for percent). */
export function voucherAnswer(v: VoucherIssued['data'], uses: number): Voucher {
  return {
    code: v.code, kind: v.kind, value: penceToDecimal(v.value), expires_at: v.expires_at, max_uses: v.max_uses,
    once_per_user: v.once_per_user, uses, uses_left: v.max_uses === null ? null : Math.max(0, v.max_uses - uses),
    issued_by: v.by, created_at: v.at,
  };
}
