import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  BID_ROLE_LABELS, BID_STATE_LABELS, deriveBidState, lotBidState, nextMinimumBid, panelRows, type BidStateInput,
} from './bid-state';
import { aLot, anItem } from './catalogue-fixture';
import type { Lot } from './types';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const live: BidStateInput = {
  status: 'live', onBidding: true, now: NOW, endDate: '2025-06-02T12:00:00Z',
  hasCurrentBid: true, hasUserBid: false, isWinning: false, reserveMet: true,
};

test('labels are exactly those of the specification table', () => {
  assert.equal(BID_STATE_LABELS.current, { top: 'Current Bid', bottom: 'Your Bid' });
  assert.equal(BID_STATE_LABELS.winning, { top: 'Winning Bid', bottom: 'Your Bid' });
  assert.equal(BID_STATE_LABELS.notWinning, { top: 'Current Bid', bottom: 'Current Bid' });
  assert.equal(BID_STATE_LABELS.myCollection, { top: 'Estimated auction value', bottom: 'Price paid' });
  assert.equal(BID_STATE_LABELS.final, { top: 'Final Bid', bottom: 'Final Bid' });
  assert.equal(BID_STATE_LABELS.reserveNotMet, { top: 'Winning bid', bottom: 'Reserve Price' });
  assert.equal(BID_STATE_LABELS.reserve, { top: 'Highest Bid', bottom: 'Reserve Price', plusYourBid: true });
  assert.equal(BID_STATE_LABELS.scheduled, { top: null, bottom: null });
});

test('bid role labels', () => {
  assert.equal(BID_ROLE_LABELS, {
    buyer: 'Your Max Bid', seller: 'Reserve price', maxBid: 'Max bid', purchased: 'Purchased',
  });
});

test('current: no own bid, reserve met or none', () => {
  assert.is(deriveBidState(live), 'current');
  assert.is(deriveBidState({ ...live, hasCurrentBid: false, reserveMet: false }), 'current');
});

test('winning: caller leads and the reserve is met', () => {
  assert.is(deriveBidState({ ...live, hasUserBid: true, isWinning: true }), 'winning');
  // winning without a known own bid (e.g. a live update arrived first) is still winning
  assert.is(deriveBidState({ ...live, isWinning: true }), 'winning');
});

test('reserve: caller leads but the reserve is not met', () => {
  assert.is(deriveBidState({ ...live, hasUserBid: true, isWinning: true, reserveMet: false }), 'reserve');
});

test('notWinning: caller has a bid and is outbid', () => {
  assert.is(deriveBidState({ ...live, hasUserBid: true, isWinning: false }), 'notWinning');
  assert.is(deriveBidState({ ...live, hasUserBid: true, isWinning: false, reserveMet: false }), 'notWinning');
});

test('reserveNotMet: bids exist, no own bid, reserve unmet', () => {
  assert.is(deriveBidState({ ...live, reserveMet: false }), 'reserveNotMet');
});

test('final: closed, sold, unsold or finished over the live channel', () => {
  assert.is(deriveBidState({ ...live, status: 'sold', onBidding: false }), 'final');
  assert.is(deriveBidState({ ...live, status: 'unsold', onBidding: false }), 'final');
  assert.is(deriveBidState({ ...live, finished: true }), 'final');
  assert.is(deriveBidState({ ...live, onBidding: false, startDate: '2025-05-01T00:00:00Z' }), 'final');
  assert.is(deriveBidState({ ...live, isWinning: true, hasUserBid: true, status: 'sold', onBidding: false }), 'final');
});

test('scheduled: not open yet', () => {
  assert.is(deriveBidState({ ...live, status: 'scheduled', onBidding: false }), 'scheduled');
  assert.is(deriveBidState({ ...live, status: undefined, onBidding: false, startDate: '2025-06-05T00:00:00Z' }), 'scheduled');
});

test('myCollection wins over everything', () => {
  assert.is(deriveBidState({ ...live, inCollection: true, status: 'sold' }), 'myCollection');
});

const v = { current: '£120', yourBid: '£150', reserve: 'Not met', final: '£130', estimated: '£200', pricePaid: '£90' };

test('panel rows per state', () => {
  assert.equal(panelRows('current', v), [{ label: 'Current Bid', value: '£120' }, { label: 'Your Bid', value: '£150' }]);
  assert.equal(panelRows('winning', v), [{ label: 'Winning Bid', value: '£120' }, { label: 'Your Bid', value: '£150' }]);
  assert.equal(panelRows('notWinning', v), [{ label: 'Current Bid', value: '£120' }]);
  assert.equal(panelRows('final', v), [{ label: 'Final Bid', value: '£130' }]);
  assert.equal(panelRows('reserveNotMet', v), [
    { label: 'Winning bid', value: '£120' }, { label: 'Reserve Price', value: 'Not met' }]);
  assert.equal(panelRows('reserve', v), [
    { label: 'Highest Bid', value: '£120' }, { label: 'Reserve Price', value: 'Not met' }, { label: 'Your Bid', value: '£150' }]);
  assert.equal(panelRows('myCollection', v), [
    { label: 'Estimated auction value', value: '£200' }, { label: 'Price paid', value: '£90' }]);
  assert.equal(panelRows('scheduled', v), []);
});

const lot = (over: Partial<Lot> = {}, stats: Partial<Lot['bid_stats']> = {}): Lot => aLot({
  id: '1', on_bidding: true, status: 'live', reserve_met: true, end_date: '2025-06-02T12:00:00Z',
  item: anItem({ id: '1', title: 'Macallan 18' }),
  ...over,
}, { step: '10.00', current_bid: '120.00', is_winning: false, current_user_bid: null, ...stats });

test('lotBidState reads the lot fields', () => {
  assert.is(lotBidState(lot(), NOW), 'current');
  assert.is(lotBidState(lot({}, { is_winning: true, current_user_bid: '150.00' }), NOW), 'winning');
  assert.is(lotBidState(lot({ reserve_met: false }, { is_winning: true, current_user_bid: '150.00' }), NOW), 'reserve');
  assert.is(lotBidState(lot({}, { current_user_bid: '110.00' }), NOW), 'notWinning');
  assert.is(lotBidState(lot({ reserve_met: false }), NOW), 'reserveNotMet');
  assert.is(lotBidState(lot({ on_bidding: false, status: 'sold' }), NOW), 'final');
  assert.is(lotBidState(lot({ on_bidding: false, status: 'scheduled' }), NOW), 'scheduled');
});

test('next minimum bid: current + step, or the opening bid / step with no bid', () => {
  assert.is(nextMinimumBid({ step: '10.00', current_bid: '120.00', is_winning: false, current_user_bid: null }), 13000);
  assert.is(nextMinimumBid({ step: '5.00', current_bid: null, is_winning: false, current_user_bid: null }, '25.00'), 2500);
  assert.is(nextMinimumBid({ step: '10.00', current_bid: null, is_winning: false, current_user_bid: null }), 1000);
  assert.is(nextMinimumBid({ step: null, current_bid: null, is_winning: false, current_user_bid: null }), 1000);
  assert.is(nextMinimumBid(undefined), 1000);
});

test('buyerOutcome: won and lost only once closed; an open lot where the caller is outbid is not lost', async () => {
  const { buyerOutcome } = await import('./bid-state');
  const now = Date.parse('2026-06-01T12:00:00Z');
  const lot = (o: Record<string, unknown>, stats: Record<string, unknown>) => ({
    id: '1', on_bidding: true, status: 'open', start_date: '2026-05-25T12:00:00Z', end_date: '2026-06-02T12:00:00Z', reserve_met: true,
    bid_stats: { step: '5', current_bid: '50', is_winning: false, current_user_bid: null, ...stats }, ...o,
  }) as never;
  assert.is(buyerOutcome(lot({}, { current_user_bid: '40' }), now), 'outbid');
  assert.is(buyerOutcome(lot({}, { current_user_bid: '60', is_winning: true }), now), 'leading');
  assert.is(buyerOutcome(lot({ status: 'sold', on_bidding: false }, { current_user_bid: '60', is_winning: true }), now), 'won');
  assert.is(buyerOutcome(lot({ status: 'sold', on_bidding: false }, { current_user_bid: '40' }), now), 'lost');
  assert.is(buyerOutcome(lot({ status: 'unsold', on_bidding: false, reserve_met: false }, { current_user_bid: '60', is_winning: true }), now), 'lost', 'led, but the reserve was not met');
  assert.is(buyerOutcome(lot({ finished: true, on_bidding: false }, { current_user_bid: '60', is_winning: true }), now), 'won', 'closed live while leading');
  assert.is(buyerOutcome(lot({ status: 'sold', on_bidding: false }, {}), now), null, 'never bid');
});

test.run();
