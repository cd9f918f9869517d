/**
 * Who holds a won lot's purchase (stream `lot-purchase-<lotId>`) and where its paid bottles are.
 * "Pending" means held by an order awaiting payment: a won lot reserved by its order, or a stored lot included in a
 * later order. The hold ends when that order pays (LotPaid, LotStorageExtended or LotLeftStorage for it) or is
 * cancelled (LotReservationReleased).
 */
import { assertNever } from '../shared/decider';
import type { LotPurchaseEvent } from './events';

export interface LotPurchaseState {
  lotId: string;
  /** The buyer once reserved or paid. */
  buyerId: string | null;
  /** The order awaiting payment that holds the lot. */
  pendingOrderId: string | null;
  paidOrderId: string | null;
  /** The paid bottles are in the house's storage. */
  inStorage: boolean;
  storageExpiresAt: string | null;
  /** The order that took the bottles out of storage. */
  leftWithOrderId: string | null;
}

export const initialLotPurchaseState: LotPurchaseState = Object.freeze({
  lotId: '', buyerId: null, pendingOrderId: null, paidOrderId: null, inStorage: false, storageExpiresAt: null, leftWithOrderId: null,
}) as LotPurchaseState;

/** The hold of `orderId` ends (the event of another order leaves a hold alone). */
const endHold = (state: LotPurchaseState, orderId: string) => (state.pendingOrderId === orderId ? null : state.pendingOrderId);

export function evolveLotPurchase(state: LotPurchaseState, event: LotPurchaseEvent): LotPurchaseState {
  const lotId = event.data.lot_id;
  switch (event.type) {
    case 'LotReserved':
      return { ...state, lotId, buyerId: state.buyerId ?? event.data.buyer_id, pendingOrderId: event.data.order_id };
    case 'LotReservationReleased':
      return { ...state, lotId, pendingOrderId: endHold(state, event.data.order_id) };
    case 'LotPaid':
      return { ...state, lotId, buyerId: event.data.buyer_id, paidOrderId: event.data.order_id, pendingOrderId: endHold(state, event.data.order_id) };
    case 'LotStorageExtended':
      return { ...state, lotId, inStorage: true, storageExpiresAt: event.data.expires_at, pendingOrderId: endHold(state, event.data.order_id) };
    case 'LotLeftStorage':
      return { ...state, lotId, inStorage: false, leftWithOrderId: event.data.order_id, pendingOrderId: endHold(state, event.data.order_id) };
    default:
      return assertNever(event);
  }
}

/** Free to order: not held by an order awaiting payment and not paid. */
export function isFree(state: LotPurchaseState): boolean {
  return state.pendingOrderId === null && state.paidOrderId === null;
}

/** Paid, in storage, not held by another order: may join an order of its owner. */
export function isStoredFor(state: LotPurchaseState, buyerId: string): boolean {
  return state.paidOrderId !== null && state.inStorage && state.buyerId === buyerId && state.pendingOrderId === null;
}
