/**
 * Orders whose card payment the server has confirmed in this tab (GET /api/payments/{id}/ said succeeded). The
 * checkout success page clears the unpaid-lots notice only for such an order, or for one this tab just placed:
 * never because an address says so.
 */
import { proxy } from 'valtio';

export const paymentResults = proxy({ paidOrderIds: [] as string[] });

export function orderPaymentConfirmed(orderId: string | null): void {
  if (orderId && !paymentResults.paidOrderIds.includes(orderId)) paymentResults.paidOrderIds.push(orderId);
}
