/**
 * Staff record a payment received (a bank transfer, or paid in the store): the order command that starts its
 * settlement. Only for an order placed to be paid that way: a card order's payment is recorded by the card provider.
 */
import { RuleBroken } from '../../shared/errors';
import type { PayOrder } from '../commands';
import type { OrderPlaced } from '../events';

export const PAID_BY_CARD = 'This order is paid by card: its payment is recorded by the card provider.';

export function paymentReceived(order: OrderPlaced['data'], received: { reference: string; by: string; now: string }): PayOrder {
  const method = order.payment_method;
  if (method !== 'UK_BANK' && method !== 'INT_BANK' && method !== 'IN_STORE') throw new RuleBroken(PAID_BY_CARD);
  return { type: 'PayOrder', order_id: order.order_id, method, payment_id: null, reference: received.reference, by: received.by, now: received.now };
}
