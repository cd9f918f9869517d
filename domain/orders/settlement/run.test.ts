import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fold, type Decider } from '../../shared/decider';
import { DomainError } from '../../shared/errors';
import { walletDecider, available } from '../../wallet/decide';
import { walletStream, type WalletEvent } from '../../wallet/events';
import { voucherDecider } from '../voucher/decide';
import { orderDecider } from '../decide';
import { lotPurchaseDecider } from '../lot-purchase-decide';
import { lotPurchaseStream, orderStream, voucherStream, type OrderPlaced } from '../events';
import type { PayOrder, PlaceOrder } from '../commands';
import { StreamBatch } from '../../shared/stream-batch';
import { BUYER, LATER, NOW, ORDER, SELLER, lot, lotPaid, order, reserved, stored, summary } from '../test-fixtures';
import { orderStreamIds } from './streams';
import { settleOrderCommand } from './run';

const deciderOf = (id: string): Decider<any, any, any> =>
  id.startsWith('order-') ? orderDecider : id.startsWith('lot-purchase-') ? lotPurchaseDecider : id.startsWith('wallet-') ? walletDecider : voucherDecider;

/** A batch over the order's streams, each folded from the given history. */
function batchFor(o: ReturnType<typeof order>, history: Record<string, { type: string; data: unknown }[]> = {}): StreamBatch {
  const ids = new Set([...orderStreamIds(o), ...Object.keys(history)]);
  return new StreamBatch(Object.fromEntries([...ids].map((id) => [id, fold(deciderOf(id), (history[id] ?? []) as never[])])));
}
const types = (b: StreamBatch, id: string) => (b.events[id] ?? []).map((e) => e.type);
type Entry = Extract<WalletEvent, { type: 'WalletCredited' | 'WalletDebited' }>;
const wallet = (b: StreamBatch, user: string) => (b.events[walletStream(user)] ?? []) as Entry[];
const lines = (b: StreamBatch, user: string) => wallet(b, user).map((e) => [e.type, e.data.kind, e.data.amount_pence, e.data.entry_id]);
const credit = (user: string, amount: number): WalletEvent => ({
  type: 'WalletCredited',
  data: { user_id: user, entry_id: `c-${amount}`, amount_pence: amount, kind: 'refund', description: 'x', reference: null, by: 'system', reason: null, at: NOW },
});
const voucherIssued = (o: { kind?: 'fixed' | 'percent'; value?: number } = {}) => ({
  type: 'VoucherIssued',
  data: { code: 'GIFT50', kind: o.kind ?? 'fixed', value: o.value ?? 5_000, expires_at: null, max_uses: null, once_per_user: true, by: 'staff', at: NOW },
});
const placedData = (o: ReturnType<typeof order>): OrderPlaced['data'] => ({ ...o, placed_at: NOW });

// The three ways into the workflow, as the services run them: an order command, then everything it answers.
const placeOrderEffects = (b: StreamBatch, command: PlaceOrder) => settleOrderCommand(b, command.order, command).recorded.length > 0;
const payOrderEffects = (b: StreamBatch, placed: OrderPlaced['data'], paid: Omit<PayOrder, 'type' | 'order_id'>) =>
  settleOrderCommand(b, placed, { type: 'PayOrder', order_id: placed.order_id, ...paid });
const cancelOrderEffects = (b: StreamBatch, placed: OrderPlaced['data'], cancel: { reason: string; by: string; now: string }) =>
  settleOrderCommand(b, placed, { type: 'CancelOrder', order_id: placed.order_id, ...cancel });
const bankPaid = { method: 'UK_BANK' as const, payment_id: null, reference: 'BACS 1', by: 'staff-1', now: LATER };

test('placing a bank order: the order, every lot held, the wallet use debited, the voucher used; nothing paid yet', () => {
  const o = order({
    lots: [lot('a'), lot('b')], voucher_code: 'GIFT50',
    summary: summary({ total: 23_000, voucher_discount_amount: 5_000, used_from_wallet: 3_000, credit_debit_card: 15_000 }),
  });
  const b = batchFor(o, { [walletStream(BUYER)]: [credit(BUYER, 4_000)], [voucherStream('GIFT50')]: [voucherIssued()] });
  assert.ok(placeOrderEffects(b, { type: 'PlaceOrder', order: o, now: NOW }));
  assert.equal(types(b, orderStream(ORDER)), ['OrderPlaced']);
  assert.equal(types(b, lotPurchaseStream('a')), ['LotReserved']);
  assert.equal(types(b, lotPurchaseStream('b')), ['LotReserved']);
  assert.equal(lines(b, BUYER), [['WalletDebited', 'checkout', 3_000, `order-${ORDER}-wallet`]]);
  assert.equal(types(b, voucherStream('GIFT50')), ['VoucherRedeemed']);
  assert.is(b.events[walletStream(SELLER)], undefined, 'the seller is paid only once the buyer has paid');
});

test('placing again (a retry) records nothing more', () => {
  const o = order();
  const b = batchFor(o, { [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }], [lotPurchaseStream('lot-a')]: [reserved('lot-a')] });
  assert.not.ok(placeOrderEffects(b, { type: 'PlaceOrder', order: o, now: NOW }));
  assert.equal(b.events, {});
});

test('a lot held by another order refuses the whole placement', () => {
  const o = order({ lots: [lot('a'), lot('b')] });
  const b = batchFor(o, { [lotPurchaseStream('b')]: [reserved('b', 'order-other', 'buyer-2')] });
  assert.throws(() => placeOrderEffects(b, { type: 'PlaceOrder', order: o, now: NOW }), (e: unknown) =>
    e instanceof DomainError && e.kind === 'conflict' && e.message === 'Some of these lots are already in another order.');
});

test('nothing left to pay: paid at once; the voucher remainder goes to the wallet; the seller is settled', () => {
  const o = order({
    lots: [lot('a', { hammer_pence: 20_000, reserve_fee_pence: 500 })], voucher_code: 'GIFT50',
    summary: summary({ total: 23_000, voucher_discount_amount: 23_000, voucher_remainder_amount: 7_000, credit_debit_card: 0 }),
  });
  const b = batchFor(o, { [voucherStream('GIFT50')]: [voucherIssued({ value: 30_000 })] });
  placeOrderEffects(b, { type: 'PlaceOrder', order: o, now: NOW });
  assert.equal(types(b, orderStream(ORDER)), ['OrderPlaced', 'OrderPaid']);
  const paid = b.events[orderStream(ORDER)][1].data as { method: string; by: string };
  assert.equal([paid.method, paid.by], ['NONE', BUYER]);
  assert.equal(types(b, lotPurchaseStream('a')), ['LotReserved', 'LotPaid']);
  assert.equal(lines(b, BUYER), [['WalletCredited', 'voucher_remainder', 7_000, `order-${ORDER}-voucher-remainder`]]);
  assert.equal(lines(b, SELLER), [
    ['WalletCredited', 'seller_proceeds', 20_000, 'sale-a'],
    ['WalletDebited', 'fee', 1_000, 'sale-a-commission'],
    ['WalletDebited', 'fee', 500, 'sale-a-listing_fee'],
    ['WalletDebited', 'fee', 500, 'sale-a-reserve_fee'],
  ]);
  assert.ok(wallet(b, SELLER).every((e) => e.data.reference === 'a'), 'every seller line refers to the lot');
});

test('paid storage order: won lots stored from their free 45 days plus the period, stored lots extended from their expiry', () => {
  const o = order({
    service: 'storage', storage: { storage_type: 'months', value: 3 }, lots: [lot('a', { auction_ended_at: '2026-11-20T20:00:00.000Z' })],
    stored_lot_ids: ['s'],
  });
  const b = batchFor(o, {
    [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }],
    [lotPurchaseStream('a')]: [reserved('a')],
    [lotPurchaseStream('s')]: [reserved('s', 'order-0'), lotPaid('s', 'order-0'), stored('s', '2026-12-01T00:00:00.000Z', 'order-0'), reserved('s')],
  });
  payOrderEffects(b, placedData(o), bankPaid);
  const expiry = (id: string) => (b.events[lotPurchaseStream(id)].find((e) => e.type === 'LotStorageExtended')!.data as { expires_at: string }).expires_at;
  assert.equal(types(b, lotPurchaseStream('a')), ['LotPaid', 'LotStorageExtended']);
  assert.is(expiry('a'), '2027-04-04T20:00:00.000Z', 'auction end + 45 days + 90 days');
  assert.equal(types(b, lotPurchaseStream('s')), ['LotStorageExtended']);
  assert.is(expiry('s'), '2027-03-01T00:00:00.000Z', 'expiry + 90 days');
});

test('paid delivery or collection: the stored lots leave storage; won lots are not stored', () => {
  for (const service of ['delivery', 'collection'] as const) {
    const o = order({ service, stored_lot_ids: ['s'] });
    const b = batchFor(o, {
      [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }],
      [lotPurchaseStream('lot-a')]: [reserved('lot-a')],
      [lotPurchaseStream('s')]: [reserved('s', 'order-0'), lotPaid('s', 'order-0'), stored('s', '2026-12-01T00:00:00.000Z', 'order-0'), reserved('s')],
    });
    payOrderEffects(b, placedData(o), bankPaid);
    assert.equal(types(b, lotPurchaseStream('s')), ['LotLeftStorage']);
    assert.equal(types(b, lotPurchaseStream('lot-a')), ['LotPaid']);
  }
});

test('a paid wallet settle credits the debt back (kind settlement)', () => {
  const o = order({
    service: 'wallet_settle', lots: [],
    summary: summary({
      subtotal: 0, buyers_commission_amount: 0, buyers_commission_vat_amount: 0, debt: 4_200, total: 4_200,
      credit_debit_card: 4_326, credit_card_surcharge_amount: 126,
    }),
  });
  const debt: WalletEvent = {
    type: 'WalletDebited',
    data: { user_id: BUYER, entry_id: 'd', amount_pence: 4_200, kind: 'fee', description: 'x', reference: null, by: 's', reason: null, at: NOW },
  };
  const overdraft: WalletEvent = {
    type: 'OverdraftChanged', data: { user_id: BUYER, limit_pence: 10_000, previous_limit_pence: 0, by: 's', reason: 'r', at: NOW },
  };
  const b = batchFor(o, { [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }], [walletStream(BUYER)]: [overdraft, debt] });
  payOrderEffects(b, placedData(o), { ...bankPaid, method: 'CARD' });
  assert.equal(lines(b, BUYER), [['WalletCredited', 'settlement', 4_200, `order-${ORDER}-settlement`]]);
  assert.is(available(b.state(walletStream(BUYER))), 0);
});

test('a seller whose fees exceed the hammer ends no lower than before the sale', () => {
  const o = order({ lots: [lot('a', { hammer_pence: 1_000, reserve_fee_pence: 500 })] });
  const b = batchFor(o, { [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }], [lotPurchaseStream('a')]: [reserved('a')] });
  payOrderEffects(b, placedData(o), bankPaid);
  assert.equal(lines(b, SELLER).map((l) => l[2]), [1_000, 50, 500, 450]);
  assert.is(available(b.state(walletStream(SELLER))), 0);
});

test('paying twice is refused (the caller checks first); paying a cancelled order too', () => {
  const o = order();
  const b = batchFor(o, { [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }], [lotPurchaseStream('lot-a')]: [reserved('lot-a')] });
  payOrderEffects(b, placedData(o), bankPaid);
  assert.throws(() => payOrderEffects(b, placedData(o), bankPaid), /already paid/);
});

test('cancelling: lots released, wallet use refunded, voucher use reversed; again: nothing', () => {
  const o = order({ voucher_code: 'GIFT50', summary: summary({ voucher_discount_amount: 1_000, used_from_wallet: 2_500, credit_debit_card: 8_000 }) });
  const history = {
    [walletStream(BUYER)]: [credit(BUYER, 2_500)],
    [voucherStream('GIFT50')]: [voucherIssued()],
  };
  const b = batchFor(o, history);
  placeOrderEffects(b, { type: 'PlaceOrder', order: o, now: NOW });
  cancelOrderEffects(b, placedData(o), { reason: 'Card payment failed', by: 'system', now: LATER });
  assert.equal(types(b, orderStream(ORDER)), ['OrderPlaced', 'OrderCancelled']);
  assert.equal(types(b, lotPurchaseStream('lot-a')), ['LotReserved', 'LotReservationReleased']);
  assert.equal(lines(b, BUYER), [
    ['WalletDebited', 'checkout', 2_500, `order-${ORDER}-wallet`],
    ['WalletCredited', 'refund', 2_500, `order-${ORDER}-wallet-refund`],
  ]);
  assert.equal(types(b, voucherStream('GIFT50')), ['VoucherRedeemed', 'VoucherRedemptionReversed']);
  const before = JSON.stringify(b.events);
  cancelOrderEffects(b, placedData(o), { reason: 'again', by: 'system', now: LATER });
  assert.is(JSON.stringify(b.events), before);
});

test('a paid order cannot be cancelled', () => {
  const o = order();
  const b = batchFor(o, { [orderStream(ORDER)]: [{ type: 'OrderPlaced', data: placedData(o) }], [lotPurchaseStream('lot-a')]: [reserved('lot-a')] });
  payOrderEffects(b, placedData(o), bankPaid);
  assert.throws(() => cancelOrderEffects(b, placedData(o), { reason: 'x', by: 's', now: LATER }), /A paid order cannot be cancelled/);
});

test.run();
