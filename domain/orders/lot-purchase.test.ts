import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import { lotPurchaseDecider } from './lot-purchase-decide';
import type { LotPurchaseEvent } from './events';
import { BUYER, NOW, ORDER, lotPaid, reserved, stored } from './test-fixtures';

const LOT = 'lot-a';
const reserve = (order = ORDER, buyer = BUYER) => ({ type: 'ReserveLot' as const, lot_id: LOT, order_id: order, buyer_id: buyer, now: NOW });
const release = (order = ORDER) => ({ type: 'ReleaseLotReservation' as const, lot_id: LOT, order_id: order, now: NOW });
const pay = (order = ORDER) => ({ type: 'PayLot' as const, lot_id: LOT, order_id: order, buyer_id: BUYER, now: NOW });
const extend = (expiresAt: string, order = ORDER) => ({ type: 'ExtendLotStorage' as const, lot_id: LOT, order_id: order, expires_at: expiresAt, now: NOW });
const leave = (order = ORDER) => ({ type: 'LeaveStorage' as const, lot_id: LOT, order_id: order, now: NOW });
const released = (order = ORDER): LotPurchaseEvent => ({ type: 'LotReservationReleased', data: { lot_id: LOT, order_id: order, at: NOW } });
const left = (order = ORDER): LotPurchaseEvent => ({ type: 'LotLeftStorage', data: { lot_id: LOT, order_id: order, at: NOW } });
const JAN = '2027-01-05T20:00:00.000Z';
const APR = '2027-04-05T20:00:00.000Z';
const TAKEN = 'Some of these lots are already in another order.';

test('a free lot is reserved; the same order again records nothing', () => {
  given(lotPurchaseDecider, []).when(reserve()).thenEvents([reserved(LOT)]);
  given(lotPurchaseDecider, [reserved(LOT)]).when(reserve()).thenNothing();
});

test('a lot held by another order, or paid, cannot be reserved', () => {
  given(lotPurchaseDecider, [reserved(LOT)]).when(reserve('order-2')).thenError('conflict', TAKEN);
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(reserve('order-2')).thenError('conflict', TAKEN);
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(reserve('order-2', 'buyer-2')).thenError('conflict', TAKEN);
});

test('a released lot is free to order again', () => {
  given(lotPurchaseDecider, [reserved(LOT), released()]).when(reserve('order-2')).thenEvents([reserved(LOT, 'order-2')]);
});

test('release only ends the hold of its own order', () => {
  given(lotPurchaseDecider, [reserved(LOT)]).when(release()).thenEvents([released()]);
  given(lotPurchaseDecider, [reserved(LOT)]).when(release('order-2')).thenNothing();
  given(lotPurchaseDecider, [reserved(LOT), released()]).when(release()).thenNothing();
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(release()).thenNothing();
});

test('a lot is paid by the order that reserved it, once', () => {
  given(lotPurchaseDecider, [reserved(LOT)]).when(pay()).thenEvents([lotPaid(LOT)]);
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(pay()).thenNothing();
  given(lotPurchaseDecider, [reserved(LOT)]).when(pay('order-2')).thenError('rule_broken', 'This lot is not reserved for this order.');
  given(lotPurchaseDecider, []).when(pay()).thenError('rule_broken');
  const state = given(lotPurchaseDecider, [reserved(LOT)]).when(pay()).state();
  assert.equal([state.paidOrderId, state.pendingOrderId, state.buyerId], [ORDER, null, BUYER]);
});

test('storage: a paid lot is stored until its expiry; only a later expiry extends it', () => {
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(extend(JAN)).thenEvents([stored(LOT, JAN)]);
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT), stored(LOT, APR)]).when(extend(JAN)).thenNothing();
  given(lotPurchaseDecider, [reserved(LOT)]).when(extend(JAN)).thenError('rule_broken', 'This lot is not paid yet.');
});

test('a stored lot joins a later order of its owner, and is held by it until that order pays', () => {
  const history = [reserved(LOT), lotPaid(LOT), stored(LOT, JAN)];
  given(lotPurchaseDecider, history).when(reserve('order-2')).thenEvents([reserved(LOT, 'order-2')]);
  given(lotPurchaseDecider, history).when(reserve('order-2', 'buyer-2')).thenError('conflict', TAKEN);
  const held = [...history, reserved(LOT, 'order-2')];
  given(lotPurchaseDecider, held).when(reserve('order-3')).thenError('conflict', TAKEN);
  // Paid with the free period only: same expiry, but the hold ends.
  given(lotPurchaseDecider, held).when(extend(JAN, 'order-2')).thenEvents([stored(LOT, JAN, 'order-2')]);
  given(lotPurchaseDecider, held).when(extend(APR, 'order-3')).thenError('conflict', TAKEN);
  const after = given(lotPurchaseDecider, held).when(extend(APR, 'order-2')).state();
  assert.equal([after.pendingOrderId, after.storageExpiresAt, after.inStorage], [null, APR, true]);
});

test('stored bottles leave storage with a paid delivery or collection, once', () => {
  const history = [reserved(LOT), lotPaid(LOT), stored(LOT, JAN), reserved(LOT, 'order-2')];
  given(lotPurchaseDecider, history).when(leave('order-2')).thenEvents([left('order-2')]);
  given(lotPurchaseDecider, [...history, left('order-2')]).when(leave('order-2')).thenNothing();
  given(lotPurchaseDecider, [...history, left('order-2')]).when(leave('order-3')).thenError('rule_broken', 'This lot is not in storage.');
  given(lotPurchaseDecider, [...history, left('order-2')]).when(extend(APR, 'order-3')).thenError('rule_broken', 'This lot is not in storage.');
  given(lotPurchaseDecider, history).when(leave('order-3')).thenError('conflict', TAKEN);
  given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT)]).when(leave()).thenError('rule_broken', 'This lot is not in storage.');
  given(lotPurchaseDecider, [...history, left('order-2')]).when(reserve('order-3')).thenError('conflict', TAKEN);
});

test('a cancelled order releases a stored lot, which stays stored', () => {
  const state = given(lotPurchaseDecider, [reserved(LOT), lotPaid(LOT), stored(LOT, JAN), reserved(LOT, 'order-2')]).when(release('order-2')).state();
  assert.equal([state.pendingOrderId, state.inStorage, state.storageExpiresAt], [null, true, JAN]);
});

test.run();
