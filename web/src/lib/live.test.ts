import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { applyBidUpdate, applyFinished, applyLotUpdate, effectiveEnd, isStaleUpdate, updatesFromLotsUpdatedData } from './lot-merge';
import { canRetry, channelUrl, LIVE, reconnectDelay } from './reconnect';
import { aLot, anItem } from './catalogue-fixture';
import type { Lot } from './types';

const lot = (): Lot => aLot({
  id: '5', on_bidding: true, status: 'live', reserve_met: false, end_date: '2025-06-01T18:00:00Z', extra_time: null,
  item: anItem({ id: '1', title: 'Springbank 21' }),
}, { step: '10.00', current_bid: '100.00', is_winning: true, current_user_bid: '150.00' });

test('lot_update merges price, step, reserve, extra time and end', () => {
  const l = lot();
  applyLotUpdate(l, {
    purpose: 'lot_update', lot_id: '5', current_bid: '160.00', bid_step: '10.00', lot_extra_time: '2025-06-01T18:03:00Z',
    lot_on_bidding: true, reserve_met: true, bid_count: 7, end_date: '2025-06-01T18:03:00Z',
  });
  assert.is(l.bid_stats.current_bid, '160.00');
  assert.is(l.reserve_met, true);
  assert.is(l.extra_time, '2025-06-01T18:03:00Z');
  assert.is(l.bid_count, 7);
  assert.is(effectiveEnd(l), '2025-06-01T18:03:00Z');
  // own fields untouched by a public update
  assert.is(l.bid_stats.is_winning, true);
  assert.is(l.bid_stats.current_user_bid, '150.00');
});

test('an update with fewer bids than the page shows is stale (the feed and the read models crossed); equal or more is not', () => {
  const l = { ...lot(), bid_count: 7 };
  assert.is(isStaleUpdate(l, { bid_count: 6 }), true);
  assert.is(isStaleUpdate(l, { bid_count: 7 }), false, 'the same bids: an end or a reserve may still have moved');
  assert.is(isStaleUpdate(l, { bid_count: 8 }), false);
  assert.is(isStaleUpdate(lot(), { bid_count: 1 }), false, 'a page without a count takes it');
  assert.is(isStaleUpdate(l, { current_bid: '1.00' }), false, 'no count in the update: nothing to compare');
});

test('empty extra time clears it; absent fields are left alone', () => {
  const l = lot();
  l.extra_time = '2025-06-01T18:03:00Z';
  applyLotUpdate(l, { lot_extra_time: '' });
  assert.is(l.extra_time, null);
  applyLotUpdate(l, { bid_count: 2 });
  assert.is(l.bid_stats.current_bid, '100.00');
  assert.is(l.end_date, '2025-06-01T18:00:00Z');
});

test('bid_update flips is_winning and reports being outbid once', () => {
  const l = lot();
  const first = applyBidUpdate(l, { purpose: 'bid_update', lot_id: '5', is_winning: false, current_bid: '160.00', bid_step: '10.00' });
  assert.is(first.outbid, true);
  assert.is(l.bid_stats.is_winning, false);
  assert.is(l.bid_stats.current_user_bid, '150.00');
  const again = applyBidUpdate(l, { purpose: 'bid_update', lot_id: '5', is_winning: false, current_bid: '170.00' });
  assert.is(again.outbid, false);
  const back = applyBidUpdate(l, { purpose: 'bid_update', lot_id: '5', is_winning: true, current_bid: '180.00', current_user_bid: '300.00' });
  assert.is(back.outbid, false);
  assert.is(l.bid_stats.current_user_bid, '300.00');
});

test('finished lots stop bidding', () => {
  const l = lot();
  applyFinished(l);
  assert.is(l.on_bidding, false);
  assert.is(l.finished, true);
});

test('reconnect delay stays between 2 and 10 seconds and grows', () => {
  for (let a = 1; a <= 12; a++) {
    for (const r of [0, 0.5, 0.999]) {
      const d = reconnectDelay(a, () => r);
      assert.ok(d >= LIVE.minDelay && d <= LIVE.maxDelay, `${a}/${r}: ${d}`);
    }
  }
  assert.ok(reconnectDelay(1, () => 0.5) < reconnectDelay(4, () => 0.5));
  assert.is(reconnectDelay(10, () => 0.5), 10_000);
});

test('at most 10 retries; 4 s connection timeout', () => {
  assert.ok(canRetry(10));
  assert.not.ok(canRetry(11));
  assert.is(LIVE.connectTimeout, 4000);
});

test('channel urls carry the ticket and the token only when signed in', () => {
  assert.is(channelUrl({ protocol: 'http:', host: 'localhost:5173' }, 'lots', 'T1'), 'ws://localhost:5173/ws/lots/?ticket=T1');
  assert.is(channelUrl({ protocol: 'https:', host: 'x.io' }, 'notifications', 'T2', 'AC'), 'wss://x.io/ws/notifications/?ticket=T2&token=AC');
});

test('get_lots_updated_data answers become the same updates as the live channel, extra time and finished lots included', () => {
  const { updates, finished } = updatesFromLotsUpdatedData({
    lots_updated_data: [
      { id: '5', current_bid: '170.00', bid_step: '10.00', reserve_met: true, on_bidding: true, bid_count: 8, is_winning: false },
      { id: '6', current_bid: null, bid_step: '5.00', reserve_met: false, on_bidding: false, bid_count: 0, is_winning: false },
    ],
    lots_updated_extra_time: [{ id: '5', extra_time: '2025-06-01T18:06:00Z', end_date: '2025-06-01T18:06:00Z' }],
    finished_lots: ['6'],
  });
  const l = lot();
  applyLotUpdate(l, updates[0]);
  assert.equal([l.bid_stats.current_bid, l.bid_stats.is_winning, l.extra_time, l.end_date, l.bid_count], ['170.00', false, '2025-06-01T18:06:00Z', '2025-06-01T18:06:00Z', 8]);
  assert.is(updates[1].lot_extra_time, null);
  assert.equal(finished, ['6']);
});

test.run();
