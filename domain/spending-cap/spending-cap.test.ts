import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { SpendingCapEvent } from './events';
import type { CountBidAgainstCap, SetSpendingCap } from './commands';
import { spendingCapDecider } from './decide';
import { exposureByLot, lotExposure, totalExposure, type LotStanding } from './exposure';

const NOW = '2026-11-23T12:00:00.000Z';
const set = (cap: number, o: Partial<SetSpendingCap> = {}): SetSpendingCap =>
  ({ type: 'SetSpendingCap', user_id: 'u1', auction_id: 'a1', cap, auction_open: true, now: NOW, ...o });
const capSet = (cap: number, previous_cap: number | null = null): SpendingCapEvent =>
  ({ type: 'SpendingCapSet', data: { user_id: 'u1', auction_id: 'a1', cap, previous_cap, at: NOW } });
const count = (o: Partial<CountBidAgainstCap> = {}): CountBidAgainstCap => ({
  type: 'CountBidAgainstCap', user_id: 'u1', auction_id: 'a1', lot_id: 'l1', bid_id: 'b1', max_bid: 30_000,
  lot_exposure: 30_000, lot_version: 4, exposure_elsewhere: 70_000, now: NOW, ...o,
});
const counted = (exposure: number, cap: number | null, o: Partial<CountBidAgainstCap> = {}): SpendingCapEvent => {
  const c = count(o);
  return {
    type: 'BidCountedAgainstCap',
    data: { user_id: 'u1', auction_id: 'a1', lot_id: c.lot_id, bid_id: c.bid_id, max_bid: c.max_bid, lot_exposure: c.lot_exposure, lot_version: c.lot_version, exposure, cap, at: NOW },
  };
};

test('a bidder sets, raises and lowers a cap; the same cap again changes nothing', () => {
  given(spendingCapDecider, []).when(set(100_000)).thenEvents([capSet(100_000)]);
  given(spendingCapDecider, [capSet(100_000)]).when(set(150_000)).thenEvents([capSet(150_000, 100_000)]);
  given(spendingCapDecider, [capSet(100_000)]).when(set(50_000)).thenEvents([capSet(50_000, 100_000)]);
  given(spendingCapDecider, [capSet(100_000)]).when(set(100_000)).thenEvents([]);
});

test('a cap is between £10 and £10,000,000, for an auction still open', () => {
  const range = 'Your spending cap must be between £10 and £10,000,000.';
  given(spendingCapDecider, []).when(set(999)).thenError('rule_broken', range);
  given(spendingCapDecider, []).when(set(1_000_000_001)).thenError('rule_broken', range);
  given(spendingCapDecider, []).when(set(1_000)).thenEvents([capSet(1_000)]);
  given(spendingCapDecider, []).when(set(100_000, { auction_open: false })).thenError('rule_broken', 'This auction has ended.');
});

test('removing a cap needs one', () => {
  given(spendingCapDecider, []).when({ type: 'RemoveSpendingCap', user_id: 'u1', auction_id: 'a1', now: NOW })
    .thenError('rule_broken', 'You have no spending cap for this auction.');
  given(spendingCapDecider, [capSet(100_000)]).when({ type: 'RemoveSpendingCap', user_id: 'u1', auction_id: 'a1', now: NOW })
    .thenEvents([{ type: 'SpendingCapRemoved', data: { user_id: 'u1', auction_id: 'a1', previous_cap: 100_000, at: NOW } }]);
});

test('a bid up to the cap is counted; one penny over is refused naming the cap', () => {
  given(spendingCapDecider, [capSet(100_000)]).when(count()).thenEvents([counted(100_000, 100_000)]);
  given(spendingCapDecider, [capSet(100_000)]).when(count({ lot_exposure: 30_001, max_bid: 30_001 }))
    .thenError('rule_broken', 'This bid would bring your total in this auction to £1,000.01, over your spending cap of £1,000.');
});

test('a bid outbid at once by a higher proxy counts nothing on its lot, so it passes a full cap', () => {
  given(spendingCapDecider, [capSet(70_000)]).when(count({ lot_exposure: 0 })).thenEvents([counted(70_000, 70_000, { lot_exposure: 0 })]);
});

test('after the cap is removed bids are still recorded, with no cap', () => {
  const removed: SpendingCapEvent = { type: 'SpendingCapRemoved', data: { user_id: 'u1', auction_id: 'a1', previous_cap: 1_000, at: NOW } };
  given(spendingCapDecider, [capSet(1_000), removed]).when(count()).thenEvents([counted(100_000, null)]);
});

const standing = (o: Partial<LotStanding>): LotStanding =>
  ({ lot_id: 'l1', closed: false, leading: true, max_bid: 20_000, winner_id: null, hammer_price: null, version: 5, ...o });

test('exposure: the maximum where leading, nothing where outbid, the hammer where won, nothing where lost', () => {
  assert.is(lotExposure('u1', standing({}), undefined), 20_000);
  assert.is(lotExposure('u1', standing({ leading: false }), undefined), 0);
  assert.is(lotExposure('u1', standing({ closed: true, winner_id: 'u1', hammer_price: 12_000 }), undefined), 12_000);
  assert.is(lotExposure('u1', standing({ closed: true, winner_id: 'u2', hammer_price: 12_000 }), undefined), 0);
});

test('exposure: a read model older than the bidder\'s own counted bid counts that bid\'s maximum', () => {
  assert.is(lotExposure('u1', standing({ leading: false, version: 5 }), { max: 40_000, lotVersion: 6 }), 40_000);
  assert.is(lotExposure('u1', undefined, { max: 40_000, lotVersion: 2 }), 40_000);
  assert.is(lotExposure('u1', standing({ leading: false, version: 7 }), { max: 40_000, lotVersion: 6 }), 0, 'outbid since');
  assert.is(lotExposure('u1', standing({ max_bid: 45_000, version: 8 }), { max: 40_000, lotVersion: 6 }), 45_000);
});

test('exposure over an auction adds every lot but the one being bid on', () => {
  const byLot = exposureByLot('u1', [standing({ lot_id: 'a' }), standing({ lot_id: 'b', leading: false }), standing({ lot_id: 'c' })],
    { d: { max: 5_000, lotVersion: 3 } }, 'c');
  assert.equal([...byLot.entries()].sort(), [['a', 20_000], ['b', 0], ['d', 5_000]]);
  assert.is(totalExposure(byLot), 25_000);
});

test.run();
