/**
 * Staff order and voucher calls (docs/checkout-api.md "Orders"): the orders list by status and search, a bank or
 * in-store payment received (with its reference), a status moved forward, an unpaid order cancelled with a reason,
 * and the vouchers (list, issue). Money-moving POSTs carry a new Idempotency-Key.
 */
import { get, post } from '../../api/http';
import { toPage, unwrap } from '../../lib/normalize';
import type { Money, Page } from '../../lib/types';
import { idempotent } from '../../api/wallet';
import type { CancelOrderBody, KnownFields, OrderStatusBody, PaymentReceivedBody, VoucherInput } from '../../api/contract';
import type { OrderStatus } from '../../lib/order-labels';

export interface StaffOrder {
  id: string;
  order_number: string;
  status: OrderStatus | string;
  service: string | null;
  payment_method: string | null;
  user: { id?: string; email: string; first_name?: string; last_name?: string } | null;
  total: Money | null;
  amount_due: Money | null;
  created_at: string;
  lots_count: number | null;
  reference: string | null;
  cancel_reason: string | null;
  /** The statuses the server allows next, when it says. */
  next_statuses: string[] | null;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/** Reads a staff order row, tolerating the spellings a list may use for the number, the buyer and the amounts. */
function toStaffOrder(v: unknown): StaffOrder {
  const d = isObj(v) ? v : {};
  const summary = isObj(d.summary) ? d.summary : {};
  const u = isObj(d.user) ? d.user : isObj(d.buyer) ? d.buyer : null;
  const email = str(u?.email) ?? str(d.user_email) ?? str(d.email);
  const lots = Array.isArray(d.lots) ? d.lots.length : typeof d.lots_count === 'number' ? d.lots_count : null;
  const next = d.next_statuses ?? d.allowed_statuses ?? d.allowed_next_statuses;
  return {
    id: String(d.id ?? d.order_id ?? ''),
    order_number: str(d.order_number) ?? str(d.reference_no) ?? str(d.number) ?? String(d.id ?? ''),
    status: str(d.status) ?? '',
    service: str(d.service),
    payment_method: str(d.payment_method) ?? (isObj(d.payment_method) ? str(d.payment_method.method) : null),
    user: email || u ? {
      id: str(u?.id) ?? str(d.user_id) ?? undefined,
      email: email ?? '',
      first_name: str(u?.first_name) ?? str(d.first_name) ?? undefined,
      last_name: str(u?.last_name) ?? str(d.last_name) ?? undefined,
    } : null,
    total: str(d.total) ?? str(summary.total) ?? str(d.amount),
    amount_due: str(d.amount_due),
    created_at: str(d.created_at) ?? str(d.placed_at) ?? '',
    lots_count: lots,
    reference: str(d.reference) ?? str(d.payment_reference) ?? str(d.paid_reference),
    cancel_reason: str(d.cancel_reason),
    next_statuses: Array.isArray(next) ? next.map(String) : null,
  };
}

export async function fetchStaffOrders(q: { status: string; search: string; page: number }, signal?: AbortSignal): Promise<Page<StaffOrder>> {
  const page = toPage<unknown>(await get('/api/staff/orders/', { status: q.status, search: q.search.trim(), page: q.page }, { signal }));
  return { ...page, results: page.results.map(toStaffOrder) };
}

const orderPath = (id: string, action: string) => `/api/staff/orders/${encodeURIComponent(id)}/${action}/`;

export const markPaymentReceived = (id: string, reference: string) =>
  post(orderPath(id, 'payment_received'), { reference } satisfies PaymentReceivedBody, idempotent());

/** `status`: one the server offered (`next_statuses`); the body's field is checked against the server's. */
export const moveOrderStatus = (id: string, status: string) =>
  post(orderPath(id, 'status'), { status } satisfies KnownFields<{ status: string }, OrderStatusBody>, idempotent());

export const cancelOrder = (id: string, reason: string) => post(orderPath(id, 'cancel'), { reason } satisfies CancelOrderBody, idempotent());

export type VoucherKind = VoucherInput['kind'];

interface StaffVoucher {
  code: string;
  kind: VoucherKind;
  value: string;
  expires_at: string | null;
  max_uses: number | null;
  once_per_user: boolean;
  uses: number | null;
  created_at: string | null;
}

function toVoucher(v: unknown): StaffVoucher {
  const d = isObj(v) ? v : {};
  const uses = d.uses ?? d.used_count ?? d.times_used ?? d.redemptions_count ?? (Array.isArray(d.redemptions) ? d.redemptions.length : null);
  return {
    code: str(d.code) ?? '',
    kind: d.kind === 'percent' ? 'percent' : 'fixed',
    value: str(d.value) ?? '0',
    expires_at: str(d.expires_at),
    max_uses: typeof d.max_uses === 'number' ? d.max_uses : null,
    once_per_user: d.once_per_user !== false,
    uses: typeof uses === 'number' ? uses : null,
    created_at: str(d.created_at) ?? str(d.at),
  };
}

export async function fetchVouchers(page: number, signal?: AbortSignal): Promise<Page<StaffVoucher>> {
  const p = toPage<unknown>(await get('/api/staff/vouchers/', { page }, { signal }));
  return { ...p, results: p.results.map(toVoucher) };
}

export interface VoucherBody {
  code: string;
  kind: VoucherKind;
  value: string;
  expires_at: string | null;
  max_uses: number | null;
  once_per_user: boolean;
}

export const issueVoucher = async (body: VoucherBody): Promise<StaffVoucher> =>
  toVoucher(unwrap(await post('/api/staff/vouchers/', body satisfies KnownFields<VoucherBody, VoucherInput>, idempotent())));
