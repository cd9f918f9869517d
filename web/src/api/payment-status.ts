/**
 * What the server says became of a card payment (GET /api/payments/{id}/). The return address's flags
 * (`registration_fee=true`, `create_order=true`, ...) are hints anyone can type; result screens say only this.
 */
import type { PaymentStatus } from './contract';
import { get } from './http';
import { unwrap } from '../lib/normalize';

type PaymentPurpose = PaymentStatus['purpose'];

export interface PaymentResult {
  /** unknown: no payment named, not the caller's, of another purpose, or the server could not be asked. */
  status: PaymentStatus['status'] | 'unknown';
  orderId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function paymentResult(id: string | null, purpose: PaymentPurpose): Promise<PaymentResult> {
  const unknown: PaymentResult = { status: 'unknown', orderId: null };
  if (!id || !UUID.test(id)) return unknown;
  try {
    const p = unwrap<Partial<PaymentStatus>>(await get(`/api/payments/${id}/`));
    if (p.purpose !== purpose) return unknown;
    const status = p.status === 'succeeded' || p.status === 'failed' || p.status === 'pending' ? p.status : 'unknown';
    return { status, orderId: p.order_id ?? null };
  } catch {
    return unknown;
  }
}
