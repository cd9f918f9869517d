import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import { bidResultFor, bidStatsFor, BID_RESULT_MESSAGES as M } from './bid-result';
import type { PlaceBid } from './commands';
import type { LotEvent } from './events';
import { bid, consigned, history } from './test-fixtures';

function resultOf(events: LotEvent[], command: PlaceBid) {
  const g = given(lotDecider, events);
  return bidResultFor(g.state, g.when(command).state(), command.bidder_id);
}

test('highest bidder, no reserve', () => {
  assert.equal(resultOf([consigned()], bid('alice', 1_000)), { is_highest_bid: true, message: M.highest, reserve_met: true });
  assert.is(M.highest, 'Your bid has been placed. You are the highest bidder.');
});

test('highest bidder, reserve not met', () => {
  assert.equal(resultOf([consigned({ reserve_price_pence: 20_000 })], bid('alice', 5_000)), {
    is_highest_bid: true, message: 'Your bid has been placed but the reserve price has not been met.', reserve_met: false,
  });
});

test('outbid by an automatic bid', () => {
  assert.equal(resultOf(history({}, bid('alice', 5_000)), bid('bob', 2_000)), {
    is_highest_bid: false, message: 'You have been outbid by an automatic bid.', reserve_met: true,
  });
});

test('an equal maximum loses to the earlier one', () => {
  assert.equal(resultOf(history({}, bid('alice', 5_000)), bid('bob', 5_000)).message, M.outbidByEarlierEqual);
});

test('a raise by the leader', () => {
  assert.equal(resultOf(history({}, bid('alice', 2_000)), bid('alice', 9_000)).message, M.raised);
  assert.equal(resultOf(history({ reserve_price_pence: 20_000 }, bid('alice', 2_000)), bid('alice', 9_000)).message, M.raisedReserveNotMet);
});

test('bid stats: nobody has bid yet', () => {
  const state = given(lotDecider, [consigned()]).state;
  assert.equal(bidStatsFor(state, null), { step: 500, current_bid: 1_000, is_winning: false, current_user_bid: null, next_minimum_bid: 1_000, has_bids: false });
});

test('bid stats: the leader, the outbid bidder and an anonymous visitor', () => {
  const state = given(lotDecider, history({}, bid('alice', 30_000), bid('bob', 12_000))).state; // price 13,000
  assert.equal(bidStatsFor(state, 'alice'), { step: 1_000, current_bid: 13_000, is_winning: true, current_user_bid: 30_000, next_minimum_bid: 14_000, has_bids: true });
  assert.equal(bidStatsFor(state, 'bob'), { step: 1_000, current_bid: 13_000, is_winning: false, current_user_bid: 12_000, next_minimum_bid: 14_000, has_bids: true });
  assert.is(bidStatsFor(state, null).current_user_bid, null);
  assert.is(bidStatsFor(state, 'carol').current_user_bid, null);
});

test.run();
