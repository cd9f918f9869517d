import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { auctionStatus, type AuctionTiming } from './status';

const auction = (over: Partial<AuctionTiming> = {}): AuctionTiming => ({
  start_date: new Date('2026-03-01T10:00:00Z'),
  end_date: new Date('2026-03-08T20:00:00Z'),
  finished_at: null,
  has_open_lots: true,
  ...over,
});

test('next before its start, live from its start', () => {
  assert.is(auctionStatus(auction(), new Date('2026-03-01T09:59:59.999Z')), 'next');
  assert.is(auctionStatus(auction(), new Date('2026-03-01T10:00:00Z')), 'live');
});

test('after the end date it stays live while lots are open (soft close), then is past', () => {
  assert.is(auctionStatus(auction(), new Date('2026-03-08T20:02:00Z')), 'live');
  assert.is(auctionStatus(auction({ has_open_lots: false }), new Date('2026-03-08T20:00:00Z')), 'past');
  assert.is(auctionStatus(auction({ has_open_lots: false }), new Date('2026-03-08T19:59:00Z')), 'live');
});

test('a finished auction is past whatever the clock says', () => {
  assert.is(auctionStatus(auction({ finished_at: new Date('2026-03-08T20:05:00Z') }), new Date('2026-03-08T20:01:00Z')), 'past');
});

test.run();
