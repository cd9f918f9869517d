/** An order's state: what it was placed with, whether and how it was paid, where it is now. */
import { assertNever } from '../shared/decider';
import type { OrderEvent, OrderPaid, OrderPlaced, OrderStatus } from './events';

export interface OrderState {
  status: OrderStatus | 'none';
  order: OrderPlaced['data'] | null;
  paid: OrderPaid['data'] | null;
}

export const initialOrderState: OrderState = Object.freeze({ status: 'none', order: null, paid: null }) as OrderState;

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced':
      return { ...state, status: 'awaiting_payment', order: event.data };
    case 'OrderPaid':
      return { ...state, status: 'paid', paid: event.data };
    case 'OrderStatusChanged':
      return { ...state, status: event.data.to };
    case 'OrderCancelled':
      return { ...state, status: 'cancelled' };
    default:
      return assertNever(event);
  }
}

/** Paid, or moved on from paid. */
export function isPaid(state: OrderState): boolean {
  return state.paid !== null;
}
