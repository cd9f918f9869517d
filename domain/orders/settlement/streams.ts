/** The streams an order's settlement touches: load them all for one decision (services/orders/order-streams.ts). */
import { walletStream } from '../../wallet/events';
import { lotPurchaseStream, orderStream, voucherStream, type OrderPlaced } from '../events';

/** An order as placed, or as about to be placed (no placing time yet). */
export type PlacedOrder = Omit<OrderPlaced['data'], 'placed_at'> & { placed_at?: string };

/** The won lots and the stored lots the order includes. */
export const orderLotIds = (order: PlacedOrder) => [...order.lots.map((l) => l.lot_id), ...order.stored_lot_ids];

export function orderStreamIds(order: PlacedOrder): string[] {
  const ids = [
    orderStream(order.order_id),
    ...orderLotIds(order).map(lotPurchaseStream),
    walletStream(order.user_id),
    ...order.lots.map((l) => walletStream(l.seller_id)),
  ];
  if (order.voucher_code) ids.push(voucherStream(order.voucher_code));
  return [...new Set(ids)];
}
