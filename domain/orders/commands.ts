/** Order commands: ids, time and the actor come in with the command (no I/O in the domain). */
import type { OrderPaid, OrderPlaced, OrderStatus } from './events';

/** The order as the service built it from its own records (prices computed by domain/checkout/price-summary). */
export interface PlaceOrder { type: 'PlaceOrder'; order: Omit<OrderPlaced['data'], 'placed_at'>; now: string }

/** Paid once: by card (payment_id), by bank or in store (staff, reference), or 'NONE' when nothing was left to pay. */
export interface PayOrder {
  type: 'PayOrder';
  order_id: string;
  method: OrderPaid['data']['method'];
  payment_id: string | null;
  reference: string | null;
  by: string;
  now: string;
}

/** Staff move a paid order forward along its service's path. */
export interface ChangeOrderStatus { type: 'ChangeOrderStatus'; order_id: string; to: OrderStatus; by: string; now: string }

/** Only an unpaid order can be cancelled (a failed card payment, or staff). */
export interface CancelOrder { type: 'CancelOrder'; order_id: string; reason: string; by: string; now: string }

export type OrderCommand = PlaceOrder | PayOrder | ChangeOrderStatus | CancelOrder;
