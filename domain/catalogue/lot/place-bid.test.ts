import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import type { BidPlaced } from './events';
import { bid, close, consigned, history, MID, ENDS_AT, SELLER } from './test-fixtures';

const placed = (events: unknown[]) => (events as BidPlaced[])[0]!.data;

test('first bid at the opening bid: the full BidPlaced event', () => {
  const command = bid('alice', 1_000);
  given(lotDecider, [consigned()]).when(command).thenEvents([
    {
      type: 'BidPlaced',
      data: {
        lot_id: 'lot-1', bid_id: command.bid_id, bidder_id: 'alice', max_bid: 1_000, placed_at: MID, is_raise: false,
        previous_price: null, current_price: 1_000, previous_leader_id: null, leader_id: 'alice', leader_max: 1_000,
        bid_count: 1, reserve_met: true, ends_at: ENDS_AT, extended: false, extra_time_seconds: 0, next_minimum_bid: 1_500,
        history: [{ id: command.bid_id, bidder_id: 'alice', amount: 1_000, placed_at: MID, automatic: false }],
      },
    },
  ]);
});

test('a lone bidder with a high maximum pays only the opening bid', () => {
  const d = placed(given(lotDecider, [consigned()]).when(bid('alice', 8_000)).events());
  assert.is(d.current_price, 1_000);
  assert.is(d.leader_max, 8_000);
  assert.equal(d.history.map((h) => [h.bidder_id, h.amount]), [['alice', 1_000]]);
});

test('below the opening bid is refused with the minimum', () => {
  given(lotDecider, [consigned()]).when(bid('alice', 999)).thenError('rule_broken', 'Your bid must be at least £10.');
  given(lotDecider, [consigned({ opening_bid_pence: 5_000 })]).when(bid('alice', 4_999)).thenError('rule_broken', 'Your bid must be at least £50.');
});

test('below the next acceptable bid (price plus its step) is refused', () => {
  const h = history({}, bid('alice', 20_000), bid('bob', 19_500)); // price 20,000
  given(lotDecider, h).when(bid('carol', 20_999)).thenError('rule_broken', 'Your bid must be at least £210.');
  assert.is(placed(given(lotDecider, h).when(bid('carol', 21_000)).events()).current_price, 21_000);
});

test('proxy: the leader answers one step above a lower challenger', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 5_000))).when(bid('bob', 2_000)).events());
  assert.is(d.leader_id, 'alice');
  assert.is(d.previous_leader_id, 'alice');
  assert.is(d.current_price, 2_500);
  assert.is(d.bid_count, 3);
  assert.equal(d.history.map((h) => [h.bidder_id, h.amount, h.automatic]), [['bob', 2_000, false], ['alice', 2_500, true]]);
});

test('proxy: the answer is capped at the leader maximum', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 5_000))).when(bid('bob', 4_800)).events());
  assert.is(d.current_price, 5_000);
  assert.is(d.leader_id, 'alice');
});

test('proxy: the leader answers with the step at the CHALLENGER maximum', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 20_000))).when(bid('bob', 9_800)).events());
  assert.is(d.current_price, 10_300); // 9,800 + 500, not + 1,000
});

test('proxy: a maximum already shown as the price is not repeated in the history', () => {
  const h = history({}, bid('alice', 5_000), bid('bob', 5_000)); // tie: alice at 5,000, already in the history
  const d = placed(given(lotDecider, h).when(bid('carol', 8_000)).events());
  assert.equal(d.history.map((x) => [x.bidder_id, x.amount]), [['carol', 5_500]]);
  assert.is(d.bid_count, 4);
});

test('proxy: a higher challenger takes the lead at the old maximum plus ITS step', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 9_800))).when(bid('bob', 20_000)).events());
  assert.is(d.leader_id, 'bob');
  assert.is(d.previous_leader_id, 'alice');
  assert.is(d.current_price, 10_300); // 9,800 + 500 (the step at 9,800), not + 1,000
  assert.equal(d.history.map((h) => [h.bidder_id, h.amount, h.automatic]), [['alice', 9_800, true], ['bob', 10_300, false]]);
  assert.is(d.history[0]!.id.startsWith('a'), true);
});

test('proxy: a higher challenger pays no more than their own maximum', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 5_000))).when(bid('bob', 5_200)).events());
  assert.is(d.current_price, 5_200);
  assert.is(d.leader_id, 'bob');
});

test('ties: the earlier maximum wins and the price is that maximum', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 5_000))).when(bid('bob', 5_000)).events());
  assert.is(d.leader_id, 'alice');
  assert.is(d.current_price, 5_000);
  assert.equal(d.history.map((h) => [h.bidder_id, h.amount]), [['bob', 5_000], ['alice', 5_000]]);
});

test('the winning bidder raises their maximum without moving the price', () => {
  const d = placed(given(lotDecider, history({}, bid('alice', 5_000), bid('bob', 2_000))).when(bid('alice', 8_000)).events());
  assert.is(d.is_raise, true);
  assert.is(d.current_price, 2_500);
  assert.is(d.leader_max, 8_000);
  assert.is(d.bid_count, 3);
  assert.equal(d.history, []);
});

test('a raise must reach the next acceptable bid and exceed the own maximum', () => {
  const h = history({}, bid('alice', 5_000), bid('bob', 2_000)); // price 2,500, next 3,000
  given(lotDecider, h).when(bid('alice', 2_900)).thenError('rule_broken', 'Your bid must be at least £30.');
  given(lotDecider, h).when(bid('alice', 4_000)).thenError('rule_broken', 'Your new maximum bid must be higher than your current maximum bid of £50.');
  given(lotDecider, h).when(bid('alice', 5_000)).thenError('rule_broken', /higher than your current maximum/);
});

test('an outbid bidder may bid again and take the lead', () => {
  const h = history({}, bid('alice', 5_000), bid('bob', 2_000));
  const d = placed(given(lotDecider, h).when(bid('bob', 9_000)).events());
  assert.is(d.leader_id, 'bob');
  assert.is(d.current_price, 5_500);
  assert.is(d.max_bid, 9_000);
});

test('reserve jump: a first maximum over the reserve moves the price to the reserve', () => {
  const d = placed(given(lotDecider, [consigned({ reserve_price_pence: 20_000 })]).when(bid('alice', 30_000)).events());
  assert.is(d.current_price, 20_000);
  assert.is(d.reserve_met, true);
  assert.equal(d.history.map((h) => h.amount), [20_000]);
});

test('reserve not met: the price stays below the reserve', () => {
  const d = placed(given(lotDecider, [consigned({ reserve_price_pence: 20_000 })]).when(bid('alice', 15_000)).events());
  assert.is(d.current_price, 1_000);
  assert.is(d.reserve_met, false);
});

test('reserve jump when a challenger takes the lead past the reserve', () => {
  const h = history({ reserve_price_pence: 20_000 }, bid('alice', 15_000));
  const d = placed(given(lotDecider, h).when(bid('bob', 25_000)).events());
  assert.is(d.current_price, 20_000); // 15,000 + 1,000 would be 16,000: below the reserve
  assert.equal(d.history.map((x) => [x.bidder_id, x.amount]), [['alice', 15_000], ['bob', 20_000]]);
});

test('reserve jump when the leader raises to the reserve', () => {
  const h = history({ reserve_price_pence: 20_000 }, bid('alice', 5_000));
  const d = placed(given(lotDecider, h).when(bid('alice', 20_000)).events());
  assert.is(d.current_price, 20_000);
  assert.is(d.reserve_met, true);
  assert.is(d.bid_count, 2);
});

test('a seller cannot bid on their own lot', () => {
  given(lotDecider, [consigned()]).when(bid(SELLER, 5_000)).thenError('rule_broken', 'You cannot bid on your own lot.');
});

test('an unpaid registration fee refuses the bid', () => {
  given(lotDecider, [consigned()])
    .when(bid('alice', 5_000, MID, { bidder_registration_fee_paid: false }))
    .thenError('rule_broken', 'Please pay the registration fee before placing your first bid.');
});

test('bad amounts are refused and name the minimum', () => {
  for (const amount of [0, -500, 1_000.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    given(lotDecider, [consigned()]).when(bid('alice', amount)).thenError('rule_broken', /at least £10\.$/);
  }
  given(lotDecider, [consigned()]).when(bid('alice', 1_000_000_001)).thenError('rule_broken', 'Your bid cannot be more than £10,000,000.');
  assert.is(placed(given(lotDecider, [consigned()]).when(bid('alice', 1_000_000_000)).events()).max_bid, 1_000_000_000);
});

test('an unknown lot and a closed lot refuse bids', () => {
  given(lotDecider, []).when(bid('alice', 1_000)).thenError('not_found');
  given(lotDecider, history({}, close())).when(bid('alice', 1_000, '2025-03-01T12:00:00.000Z')).thenError('rule_broken', 'Bidding on this lot has ended.');
});

test('the state after a bid keeps every bidder maximum', () => {
  const state = given(lotDecider, history({}, bid('alice', 5_000))).when(bid('bob', 2_000)).state();
  assert.equal(state.maxBids, { alice: 5_000, bob: 2_000 });
  assert.is(state.currentPrice, 2_500);
  assert.is(state.leaderId, 'alice');
});

test.run();
