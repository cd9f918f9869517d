import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import type { ReservePriceChanged } from './events';
import { beforeEnd, bid, changeReserve, close, consigned, history, MID } from './test-fixtures';

const changed = (events: unknown[]) => (events as ReservePriceChanged[])[0]!.data;
const running = () => history({}, bid('alice', 5_000), bid('bob', 3_000)); // price 3,500, alice max 5,000

test('only the seller may change the reserve', () => {
  given(lotDecider, running()).when(changeReserve(3_000, MID, 'alice')).thenError('forbidden', 'Only the seller of this lot can change its reserve price.');
});

test('after the lot has ended or closed the reserve cannot change (message under reserve_price)', () => {
  const message = 'The reserve price cannot be changed after the lot has ended.';
  const error = given(lotDecider, history({}, close())).when(changeReserve(3_000, '2025-03-02T00:00:00.000Z')).thenError('validation', message);
  assert.equal((error as unknown as { fields: unknown }).fields, { reserve_price: [message] });
  given(lotDecider, running()).when(changeReserve(3_000, beforeEnd(0))).thenError('validation', message);
});

test('reserve at or below the current price: met, price unchanged', () => {
  given(lotDecider, running()).when(changeReserve(3_500)).thenEvents([
    {
      type: 'ReservePriceChanged',
      data: {
        lot_id: 'lot-1', seller_id: 'seller', previous_reserve_price_pence: null, reserve_price_pence: 3_500, changed_at: MID,
        current_price: 3_500, reserve_met: true, next_minimum_bid: 4_000, history: [], bid_count: 3,
      },
    },
  ]);
});

test('reserve above the price but within the leader maximum: the price jumps to it', () => {
  const d = changed(given(lotDecider, running()).when(changeReserve(4_000)).events());
  assert.is(d.current_price, 4_000);
  assert.is(d.reserve_met, true);
  assert.equal(d.history, [{ id: 'auto-r', bidder_id: 'alice', amount: 4_000, placed_at: MID, automatic: true }]);
  assert.is(d.bid_count, 4);
  assert.is(d.next_minimum_bid, 4_500);
});

test('reserve above the leader maximum: not met, price unchanged', () => {
  const d = changed(given(lotDecider, running()).when(changeReserve(6_000)).events());
  assert.is(d.current_price, 3_500);
  assert.is(d.reserve_met, false);
});

test('lowering the reserve after a jump never lowers the price', () => {
  const h = history({ reserve_price_pence: 20_000 }, bid('alice', 30_000));
  const d = changed(given(lotDecider, h).when(changeReserve(5_000)).events());
  assert.is(d.current_price, 20_000);
  assert.is(d.previous_reserve_price_pence, 20_000);
});

test('0 means no reserve (met); setting the same reserve changes nothing', () => {
  const h = history({ reserve_price_pence: 20_000 }, bid('alice', 5_000));
  const d = changed(given(lotDecider, h).when(changeReserve(0)).events());
  assert.is(d.reserve_price_pence, null);
  assert.is(d.reserve_met, true);
  given(lotDecider, h).when(changeReserve(20_000)).thenNothing();
  given(lotDecider, [consigned()]).when(changeReserve(null)).thenNothing();
});

test('a reserve on a lot without bids: not met, no price', () => {
  const d = changed(given(lotDecider, [consigned()]).when(changeReserve(20_000)).events());
  assert.is(d.current_price, null);
  assert.is(d.reserve_met, false);
});

test('later bids use the changed reserve', () => {
  const h = history({}, changeReserve(20_000));
  const [event] = given(lotDecider, h).when(bid('alice', 25_000)).events();
  assert.is(event!.type === 'BidPlaced' && event.data.current_price, 20_000);
});

test('bad reserve amounts are refused under reserve_price', () => {
  for (const amount of [-1, 10.5, 1_000_000_001]) {
    given(lotDecider, running()).when(changeReserve(amount)).thenError('validation', /whole number of pence/);
  }
});

test.run();
