import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { orderDecider } from './decide';
import { nextStatuses } from './order-status';
import { checkBuyerCancel } from './cancel-order';
import { fold } from '../shared/decider';
import type { OrderEvent, OrderStatus } from './events';
import { BUYER, LATER, NOW, ORDER, lot, paid, place, placed, summary } from './test-fixtures';
import { ORDER_MSG } from './messages';
import { CARD_PAYMENT_LIMIT_PENCE } from '../checkout/rates';

const pay = { type: 'PayOrder' as const, order_id: ORDER, method: 'UK_BANK' as const, payment_id: null, reference: ' BACS 1 ', by: 'staff-1', now: LATER };
const moveTo = (to: OrderStatus) => ({ type: 'ChangeOrderStatus' as const, order_id: ORDER, to, by: 'staff-1', now: LATER });
const moved = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', data: { order_id: ORDER, from, to, by: 'staff-1', at: LATER } });
const cancel = { type: 'CancelOrder' as const, order_id: ORDER, reason: 'Card payment failed', by: 'system', now: LATER };

test('placing records the order awaiting payment; placing it again records nothing', () => {
  given(orderDecider, []).when(place()).thenEvents([placed()]);
  given(orderDecider, [placed()]).when(place()).thenNothing();
  assert.is(given(orderDecider, []).when(place()).state().status, 'awaiting_payment');
});

test('an order needs lots (wallet settle none), each lot once', () => {
  const none = given(orderDecider, []).when(place({ lots: [] })).thenError('validation') as ValidationError;
  assert.equal(none.fields, { lots: ['An order needs at least one lot.'] });
  given(orderDecider, []).when(place({ service: 'wallet_settle', lots: [lot('x')] })).thenError('validation');
  given(orderDecider, []).when(place({ service: 'wallet_settle', lots: [], summary: summary({ debt: 500, total: 500 }) })).events();
  given(orderDecider, []).when(place({ lots: [lot('x')], stored_lot_ids: ['x'] })).thenError('validation', 'Invalid input');
  given(orderDecider, []).when(place({ lots: [], stored_lot_ids: ['s-1'] })).events();
});

test('given a card to pay over the house\'s limit, placing is refused; at the limit, or by bank transfer, it is placed', () => {
  const over = summary({ total: CARD_PAYMENT_LIMIT_PENCE, credit_card_surcharge_amount: 1, credit_debit_card: CARD_PAYMENT_LIMIT_PENCE + 1 });
  given(orderDecider, []).when(place({ payment_method: 'CARD', summary: over })).thenError('rule_broken', ORDER_MSG.overCardLimit);
  assert.is(ORDER_MSG.overCardLimit, 'Card payments are limited to £25,000 per order. Please pay this order by bank transfer.');
  const atLimit = summary({ credit_debit_card: CARD_PAYMENT_LIMIT_PENCE });
  assert.is(given(orderDecider, []).when(place({ payment_method: 'CARD', summary: atLimit })).events().length, 1);
  assert.is(given(orderDecider, []).when(place({ payment_method: 'UK_BANK', summary: over })).events().length, 1);
});

test('an order is paid once, while awaiting payment', () => {
  given(orderDecider, [placed()]).when(pay).thenEvents([
    { type: 'OrderPaid', data: { order_id: ORDER, method: 'UK_BANK', payment_id: null, reference: 'BACS 1', by: 'staff-1', paid_at: LATER } },
  ]);
  given(orderDecider, [placed(), paid()]).when(pay).thenError('rule_broken', 'This order is already paid.');
  given(orderDecider, [placed(), paid(), moved('paid', 'processing')]).when(pay).thenError('rule_broken', 'This order is already paid.');
  given(orderDecider, [placed(), { type: 'OrderCancelled', data: { order_id: ORDER, reason: 'x', by: 's', at: NOW } }])
    .when(pay).thenError('rule_broken', 'This order has been cancelled.');
  given(orderDecider, []).when(pay).thenError('not_found', 'Order not found.');
});

test('status moves forward only, along the service path, steps may be skipped', () => {
  const delivery = placed({ service: 'delivery' });
  given(orderDecider, [delivery, paid()]).when(moveTo('processing')).thenEvents([moved('paid', 'processing')]);
  given(orderDecider, [delivery, paid()]).when(moveTo('shipped')).thenEvents([moved('paid', 'shipped')]);
  given(orderDecider, [delivery, paid(), moved('paid', 'processing')]).when(moveTo('paid'))
    .thenError('rule_broken', 'An order cannot move from processing to paid.');
  given(orderDecider, [delivery, paid()]).when(moveTo('collected')).thenError('rule_broken', 'An order cannot move from paid to collected.');
  given(orderDecider, [delivery, paid()]).when(moveTo('stored')).thenError('rule_broken');
  given(orderDecider, [delivery, paid()]).when(moveTo('cancelled')).thenError('rule_broken', 'An order cannot move from paid to cancelled.');
  given(orderDecider, [delivery, paid(), moved('paid', 'shipped')]).when(moveTo('shipped')).thenNothing();
});

test('each service has its own path', () => {
  const next = (service: 'delivery' | 'collection' | 'storage' | 'wallet_settle', history: OrderEvent[] = []) =>
    nextStatuses(given(orderDecider, [placed({ service, ...(service === 'wallet_settle' ? { lots: [] } : {}) }), paid(), ...history]).state);
  assert.equal(next('delivery'), ['processing', 'shipped']);
  assert.equal(next('collection'), ['processing', 'ready_for_collection', 'collected']);
  assert.equal(next('collection', [moved('paid', 'ready_for_collection')]), ['collected']);
  assert.equal(next('storage'), ['stored']);
  assert.equal(next('wallet_settle'), []);
});

test('an unpaid order has no status to move to', () => {
  given(orderDecider, [placed()]).when(moveTo('processing')).thenError('rule_broken', 'This order is not paid yet.');
  given(orderDecider, []).when(moveTo('processing')).thenError('not_found');
});

test('only an unpaid order can be cancelled; cancelling twice records nothing', () => {
  const cancelled: OrderEvent = { type: 'OrderCancelled', data: { order_id: ORDER, reason: 'Card payment failed', by: 'system', at: LATER } };
  given(orderDecider, [placed()]).when(cancel).thenEvents([cancelled]);
  given(orderDecider, [placed(), cancelled]).when(cancel).thenNothing();
  given(orderDecider, [placed(), paid()]).when(cancel).thenError('rule_broken', 'A paid order cannot be cancelled.');
  given(orderDecider, [placed(), paid(), moved('paid', 'processing')]).when(cancel).thenError('rule_broken');
  given(orderDecider, [placed()]).when({ ...cancel, reason: '  ' }).thenError('validation');
  given(orderDecider, [placed(), cancelled]).when(moveTo('processing')).thenError('rule_broken', 'This order has been cancelled.');
});

test('the placed order keeps the buyer', () => {
  assert.is(given(orderDecider, [placed()]).state.order?.user_id, BUYER);
});

test('the buyer may cancel only their own order awaiting a card payment', () => {
  const buyerCancels = (events: OrderEvent[], userId = BUYER) => () => checkBuyerCancel(fold(orderDecider, events), userId);
  const card = placed({ payment_method: 'CARD', payment_id: 'pay-1' });
  // given a card order awaiting payment, when its buyer cancels it, then it may be cancelled
  buyerCancels([card])();
  // given the same order, when someone else asks, then it is not found for them
  assert.throws(buyerCancels([card], 'buyer-2'), (e: Error) => e.message === 'Order not found.');
  assert.throws(buyerCancels([]), (e: Error) => e.message === 'Order not found.');
  // given it was paid, or cancelled already, then it no longer awaits payment
  assert.throws(buyerCancels([card, paid()]), (e: Error) => e.message === 'This order is no longer awaiting payment.');
  assert.throws(buyerCancels([card, { type: 'OrderCancelled', data: { order_id: ORDER, reason: 'x', by: 's', at: NOW } }]),
    (e: Error) => e.message === 'This order is no longer awaiting payment.');
  // given an order to pay by transfer or in store, then staff cancel it (money may be on its way)
  for (const method of ['UK_BANK', 'INT_BANK', 'IN_STORE'] as const) {
    assert.throws(buyerCancels([placed({ payment_method: method })]), (e: Error) => /Only an order awaiting a card payment/.test(e.message));
  }
});

test.run();
