import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { givenWorkflow } from '../../shared/given-when-then';
import type { OrderPaid, OrderPlaced } from '../events';
import type { PaymentEvent } from '../../payments/events';
import { BUYER, LATER, NOW, ORDER, SELLER, lot, lotPaid, paid, placed, reserved, stored, summary } from '../test-fixtures';
import { orderSettlement } from './decide';
import { ORDER_NOT_AWAITING_REFUND } from './card-payment';
import { SYSTEM, type SettlementOutput } from './outputs';
import { PAID_BY_CARD, paymentReceived } from './received';
import { RuleBroken } from '../../shared/errors';

const cancelled = { type: 'OrderCancelled' as const, data: { order_id: ORDER, reason: 'Too late', by: 'staff-1', at: LATER } };
const succeeded: PaymentEvent = { type: 'PaymentSucceeded', data: { payment_id: 'pay-1', user_id: BUYER, provider_ref: 'ref-1', at: LATER } };
const failed: PaymentEvent = { type: 'PaymentFailed', data: { payment_id: 'pay-1', user_id: BUYER, code: 'card_declined', message: 'Declined', at: LATER } };
const paidBy = (data: Partial<OrderPaid['data']>): OrderPaid => ({ type: 'OrderPaid', data: { ...(paid().data as OrderPaid['data']), ...data } });
const kinds = (outputs: SettlementOutput[]) => outputs.map((o) => `${o.to}:${o.command.type}`);

test('placed: every lot held, the wallet use debited, the voucher redeemed; nothing paid while money is still due', () => {
  const order = placed({ lots: [lot('a')], stored_lot_ids: ['s'], voucher_code: 'GIFT50', summary: summary({ used_from_wallet: 2_000, voucher_discount_amount: 1_000 }) });
  givenWorkflow(orderSettlement, []).when(order).thenOutputs([
    { to: 'lot-purchase', command: { type: 'ReserveLot', lot_id: 'a', order_id: ORDER, buyer_id: BUYER, now: NOW } },
    { to: 'lot-purchase', command: { type: 'ReserveLot', lot_id: 's', order_id: ORDER, buyer_id: BUYER, now: NOW } },
    { to: 'wallet', command: {
      type: 'DebitWallet', user_id: BUYER, entry_id: `order-${ORDER}-wallet`, amount_pence: 2_000, kind: 'checkout',
      description: 'Used for order WA-2026-000001', reference: ORDER, by: BUYER, reason: null, now: NOW,
    } },
    { to: 'voucher', command: { type: 'RedeemVoucher', code: 'GIFT50', user_id: BUYER, order_id: ORDER, discount_pence: 1_000, now: NOW } },
  ]);
});

test('placed with nothing left to pay: paid at once by the buyer (method NONE), at the placing time', () => {
  const outputs = givenWorkflow(orderSettlement, []).when(placed({ summary: summary({ used_from_wallet: 11_500, credit_debit_card: 0 }) })).outputs();
  assert.equal(outputs.at(-1), {
    to: 'order', command: { type: 'PayOrder', order_id: ORDER, method: 'NONE', payment_id: null, reference: null, by: BUYER, now: NOW },
  });
});

test('paid: the lot paid, then the seller credited the hammer and debited each fee, at the paying time', () => {
  givenWorkflow(orderSettlement, [placed({ lots: [lot('a', { hammer_pence: 20_000, reserve_fee_pence: 500 })] }), reserved('a')])
    .when(paid()).thenOutputs([
      { to: 'lot-purchase', command: { type: 'PayLot', lot_id: 'a', order_id: ORDER, buyer_id: BUYER, now: LATER } },
      { to: 'wallet', command: {
        type: 'CreditWallet', user_id: SELLER, entry_id: 'sale-a', amount_pence: 20_000, kind: 'seller_proceeds',
        description: 'Sale of lot R-a: Macallan 18', reference: 'a', by: SYSTEM, reason: null, now: LATER,
      } },
      ...[['commission', 1_000, 'Seller commission (5%) on lot R-a'], ['listing_fee', 500, 'Listing fee on lot R-a'], ['reserve_fee', 500, 'Reserve fee on lot R-a']]
        .map(([kind, amount, description]): SettlementOutput => ({ to: 'wallet', command: {
          type: 'DebitWallet', user_id: SELLER, entry_id: `sale-a-${kind}`, amount_pence: amount as number, kind: 'fee',
          description: description as string, reference: 'a', by: SYSTEM, reason: null, now: LATER,
        } })),
    ]);
});

test('paid storage: the stored lot extended from the expiry the workflow folded, as of placement', () => {
  const history = [
    reserved('s', 'order-0'), lotPaid('s', 'order-0'), stored('s', '2026-12-01T00:00:00.000Z', 'order-0'),
    placed({ service: 'storage', storage: { storage_type: 'months', value: 3 }, lots: [], stored_lot_ids: ['s'] }), reserved('s'),
  ];
  givenWorkflow(orderSettlement, history).when(paid()).thenOutputs([
    { to: 'lot-purchase', command: { type: 'ExtendLotStorage', lot_id: 's', order_id: ORDER, expires_at: '2027-03-01T00:00:00.000Z', now: LATER } },
  ]);
});

test('paid: the voucher remainder and a settled debt credited to the buyer', () => {
  const order = placed({ service: 'wallet_settle', lots: [], voucher_code: 'GIFT50', summary: summary({ debt: 4_200, voucher_remainder_amount: 300 }) });
  const outputs = givenWorkflow(orderSettlement, [order]).when(paid()).outputs();
  assert.equal(outputs.map((o) => o.command.type === 'CreditWallet' && [o.command.kind, o.command.amount_pence, o.command.entry_id]), [
    ['voucher_remainder', 300, `order-${ORDER}-voucher-remainder`],
    ['settlement', 4_200, `order-${ORDER}-settlement`],
  ]);
});

test('cancelled: lots released, the wallet use refunded, the voucher use reversed, at the cancelling time', () => {
  const order = placed({ stored_lot_ids: ['s'], voucher_code: 'GIFT50', summary: summary({ used_from_wallet: 2_500 }) });
  givenWorkflow(orderSettlement, [order]).when(cancelled).thenOutputs([
    { to: 'lot-purchase', command: { type: 'ReleaseLotReservation', lot_id: 'lot-a', order_id: ORDER, now: LATER } },
    { to: 'lot-purchase', command: { type: 'ReleaseLotReservation', lot_id: 's', order_id: ORDER, now: LATER } },
    { to: 'wallet', command: {
      type: 'CreditWallet', user_id: BUYER, entry_id: `order-${ORDER}-wallet-refund`, amount_pence: 2_500, kind: 'refund',
      description: 'Refund of the wallet use of cancelled order WA-2026-000001', reference: ORDER, by: SYSTEM, reason: null, now: LATER,
    } },
    { to: 'voucher', command: { type: 'ReverseVoucherRedemption', code: 'GIFT50', order_id: ORDER, now: LATER } },
  ]);
});

test('a card success pays an order awaiting payment, by the buyer; one that came too late is refunded', () => {
  givenWorkflow(orderSettlement, [placed({ payment_method: 'CARD' })]).when(succeeded).thenOutputs([
    { to: 'order', command: { type: 'PayOrder', order_id: ORDER, method: 'CARD', payment_id: 'pay-1', reference: null, by: BUYER, now: LATER } },
  ]);
  const refund: SettlementOutput = { to: 'payment', command: { type: 'RefundPayment', payment_id: 'pay-1', reason: ORDER_NOT_AWAITING_REFUND } };
  givenWorkflow(orderSettlement, [placed(), cancelled]).when(succeeded).thenOutputs([refund]);
  givenWorkflow(orderSettlement, [placed(), paidBy({ method: 'UK_BANK' })]).when(succeeded).thenOutputs([refund]);
});

test('a card failure cancels an order awaiting payment; afterwards it changes nothing', () => {
  givenWorkflow(orderSettlement, [placed()]).when(failed).thenOutputs([
    { to: 'order', command: { type: 'CancelOrder', order_id: ORDER, reason: 'Card payment failed: Declined', by: 'payments', now: LATER } },
  ]);
  givenWorkflow(orderSettlement, [placed(), cancelled]).when(failed).thenNothing();
});

test('steps along the way call for nothing', () => {
  givenWorkflow(orderSettlement, [placed()]).when(reserved('lot-a')).thenNothing();
  givenWorkflow(orderSettlement, [placed(), reserved('lot-a')]).when(lotPaid('lot-a')).thenNothing();
  givenWorkflow(orderSettlement, [placed(), paid()])
    .when({ type: 'OrderStatusChanged', data: { order_id: ORDER, from: 'paid', to: 'processing', by: 'staff-1', at: LATER } }).thenNothing();
});

test('the state folds the order and each lot with their own evolve', () => {
  const { state } = givenWorkflow(orderSettlement, [placed(), reserved('lot-a'), paid(), lotPaid('lot-a')]);
  assert.is(state.order.status, 'paid');
  assert.equal([state.lots['lot-a']!.paidOrderId, state.lots['lot-a']!.pendingOrderId], [ORDER, null]);
  assert.equal(kinds(givenWorkflow(orderSettlement, [placed()]).when(paid()).outputs()).slice(0, 1), ['lot-purchase:PayLot']);
});

test('an order never placed is a bug, not a decision', () => {
  assert.throws(() => orderSettlement.decide(paid(), orderSettlement.initialState), /never placed/);
});

test('a payment received by staff pays a bank or in-store order with its own method; a card order is paid through the provider', () => {
  const bank = placed({ payment_method: 'INT_BANK' }).data as OrderPlaced['data'];
  assert.equal(paymentReceived(bank, { reference: 'SWIFT 9', by: 'staff-1', now: LATER }), {
    type: 'PayOrder', order_id: ORDER, method: 'INT_BANK', payment_id: null, reference: 'SWIFT 9', by: 'staff-1', now: LATER,
  });
  const card = placed({ payment_method: 'CARD' }).data as OrderPlaced['data'];
  assert.throws(() => paymentReceived(card, { reference: 'x', by: 'staff-1', now: LATER }), (e: unknown) => e instanceof RuleBroken && e.message === PAID_BY_CARD);
});

test.run();
