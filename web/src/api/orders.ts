/**
 * A buyer's own order, from more than one feature (the checkout's held-orders notice, the orders page): cancelling a
 * card order still awaiting payment. docs/checkout.md, "A buyer cancelling their own card order".
 */
import { post } from './http';
import { unwrap } from '../lib/normalize';
import type { CancelledOrder } from './contract';

/** Its lots come back to the checkout. The answer says whether it was cancelled, or paid after all (the bank's check had gone through). */
export const cancelOwnOrder = async (orderId: string): Promise<CancelledOrder> =>
  unwrap(await post(`/api/orders/${encodeURIComponent(orderId)}/cancel/`));
