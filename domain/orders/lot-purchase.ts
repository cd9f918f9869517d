/**
 * The lot purchase's rules. One order at a time holds a lot: this stream's optimistic concurrency is what makes two
 * concurrent create_order calls for the same lots end in one order (the second is refused with a Conflict).
 * Repeating a step for the same order records nothing (retries are safe).
 */
import { Conflict, RuleBroken } from '../shared/errors';
import type { ExtendLotStorage, LeaveStorage, PayLot, ReleaseLotReservation, ReserveLot } from './lot-purchase-commands';
import type { LotPurchaseEvent } from './events';
import { ORDER_MSG } from './messages';
import { isFree, isStoredFor, type LotPurchaseState } from './lot-purchase-state';

export function reserveLot(c: ReserveLot, state: LotPurchaseState): LotPurchaseEvent[] {
  if (state.pendingOrderId === c.order_id) return [];
  if (!isFree(state) && !isStoredFor(state, c.buyer_id)) throw new Conflict(ORDER_MSG.lotsTaken);
  return [{ type: 'LotReserved', data: { lot_id: c.lot_id, order_id: c.order_id, buyer_id: c.buyer_id, at: c.now } }];
}

export function releaseLotReservation(c: ReleaseLotReservation, state: LotPurchaseState): LotPurchaseEvent[] {
  if (state.pendingOrderId !== c.order_id) return [];
  return [{ type: 'LotReservationReleased', data: { lot_id: c.lot_id, order_id: c.order_id, at: c.now } }];
}

export function payLot(c: PayLot, state: LotPurchaseState): LotPurchaseEvent[] {
  if (state.paidOrderId === c.order_id) return [];
  if (state.pendingOrderId !== c.order_id || state.paidOrderId !== null) throw new RuleBroken(ORDER_MSG.lotNotReserved);
  return [{ type: 'LotPaid', data: { lot_id: c.lot_id, order_id: c.order_id, buyer_id: c.buyer_id, at: c.now } }];
}

/** Recorded when the expiry moves later, or when it ends this order's hold (a stored lot kept at the same expiry). */
export function extendLotStorage(c: ExtendLotStorage, state: LotPurchaseState): LotPurchaseEvent[] {
  if (state.paidOrderId === null) throw new RuleBroken(ORDER_MSG.lotNotPaid);
  if (state.pendingOrderId !== null && state.pendingOrderId !== c.order_id) throw new Conflict(ORDER_MSG.lotsTaken);
  const holds = state.pendingOrderId === c.order_id;
  const storedBefore = state.inStorage || state.storageExpiresAt === null;
  if (!storedBefore) throw new RuleBroken(ORDER_MSG.lotNotStored);
  const later = state.storageExpiresAt === null || Date.parse(c.expires_at) > Date.parse(state.storageExpiresAt);
  if (!holds && !later) return [];
  const expiresAt = later ? c.expires_at : (state.storageExpiresAt as string);
  return [{ type: 'LotStorageExtended', data: { lot_id: c.lot_id, order_id: c.order_id, expires_at: expiresAt, at: c.now } }];
}

export function leaveStorage(c: LeaveStorage, state: LotPurchaseState): LotPurchaseEvent[] {
  if (state.leftWithOrderId === c.order_id && !state.inStorage) return [];
  if (!state.inStorage) throw new RuleBroken(ORDER_MSG.lotNotStored);
  if (state.pendingOrderId !== null && state.pendingOrderId !== c.order_id) throw new Conflict(ORDER_MSG.lotsTaken);
  return [{ type: 'LotLeftStorage', data: { lot_id: c.lot_id, order_id: c.order_id, at: c.now } }];
}
