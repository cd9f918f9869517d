/**
 * What the settlement workflow knows: the order (placed with what, paid or cancelled) and the purchase of each of its
 * lots (who holds it, its storage expiry). Folded with the order's and the lot purchases' own evolve functions, so
 * the workflow's state over those streams is exactly what their deciders see (run.ts starts from their states).
 */
import { assertNever } from '../../shared/decider';
import { evolveOrder, initialOrderState, type OrderState } from '../state';
import { evolveLotPurchase, initialLotPurchaseState, type LotPurchaseState } from '../lot-purchase-state';
import type { OrderPlaced } from '../events';
import type { SettlementInput } from './events';

export interface SettlementState {
  order: OrderState;
  /** By lot id: the order's won lots and stored lots. */
  lots: Record<string, LotPurchaseState>;
}

export const initialSettlementState: SettlementState = Object.freeze({ order: initialOrderState, lots: {} }) as SettlementState;

export function evolveSettlement(state: SettlementState, event: SettlementInput): SettlementState {
  switch (event.type) {
    case 'OrderPlaced':
    case 'OrderPaid':
    case 'OrderStatusChanged':
    case 'OrderCancelled':
      return { ...state, order: evolveOrder(state.order, event) };
    case 'LotReserved':
    case 'LotReservationReleased':
    case 'LotPaid':
    case 'LotStorageExtended':
    case 'LotLeftStorage': {
      const lotId = event.data.lot_id;
      return { ...state, lots: { ...state.lots, [lotId]: evolveLotPurchase(state.lots[lotId] ?? initialLotPurchaseState, event) } };
    }
    case 'PaymentRequested':
    case 'PaymentRequestLapsed':
    case 'PaymentCreated':
    case 'PaymentChallengeRequired':
    case 'PaymentSucceeded':
    case 'PaymentFailed':
    case 'PaymentRefundDecided':
    case 'PaymentRefunded':
      // The payment's outcome is an input only: what it changes on the order arrives as the order's own events.
      return state;
    default:
      return assertNever(event);
  }
}

/** The order as placed; an event about an order never placed is a bug in the caller, not a user's mistake. */
export function placedOrder(state: SettlementState): OrderPlaced['data'] {
  if (!state.order.order) throw new Error('order settlement: the order was never placed');
  return state.order.order;
}

export const awaitsPayment = (state: SettlementState) => state.order.status === 'awaiting_payment';
