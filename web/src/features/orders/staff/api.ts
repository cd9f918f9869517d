/**
 * Staff order and voucher calls (docs/checkout-api.md "Orders"): the orders list by status and search, a bank or
 * in-store payment received (with its reference), a status moved forward, an unpaid order cancelled with a reason,
 * and the vouchers (list, issue). Money-moving POSTs carry a new Idempotency-Key.
 */
import { get, post } from '../../../api/http';
import type {
  CancelOrderBody, KnownFields, OrderStatusBody, Page, PaymentReceivedBody, StaffOrderChanged, StaffOrderRow, StaffVoucher, VoucherInput, VoucherIssued,
} from '../../../api/contract';

/** A row of the staff orders list: the order with its buyer, the payment reference and the statuses it may move to. */
export type StaffOrder = StaffOrderRow;

export const fetchStaffOrders = (q: { status: string; search: string; page: number }, signal?: AbortSignal) =>
  get<Page<StaffOrder>>('/api/staff/orders/', { status: q.status, search: q.search.trim(), page: q.page }, { signal });

const orderPath = (id: string, action: string) => `/api/staff/orders/${encodeURIComponent(id)}/${action}/`;

export const markPaymentReceived = (id: string, reference: string) =>
  post<StaffOrderChanged>(orderPath(id, 'payment_received'), { reference } satisfies PaymentReceivedBody);

/** `status`: one the server offered (`next_statuses`); the body's field is checked against the server's. */
export const moveOrderStatus = (id: string, status: string) =>
  post<StaffOrderChanged>(orderPath(id, 'status'), { status } satisfies KnownFields<{ status: string }, OrderStatusBody>);

export const cancelOrder = (id: string, reason: string) => post<StaffOrderChanged>(orderPath(id, 'cancel'), { reason } satisfies CancelOrderBody);

export type VoucherKind = VoucherInput['kind'];

export const fetchVouchers = (page: number, signal?: AbortSignal) => get<Page<StaffVoucher>>('/api/staff/vouchers/', { page }, { signal });

export interface VoucherBody {
  code: string;
  kind: VoucherKind;
  value: string;
  expires_at: string | null;
  max_uses: number | null;
  once_per_user: boolean;
}

export const issueVoucher = (body: VoucherBody) =>
  post<VoucherIssued>('/api/staff/vouchers/', body satisfies KnownFields<VoucherBody, VoucherInput>);
