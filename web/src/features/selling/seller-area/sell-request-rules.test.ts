import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatCalendarDay, itemStatusText, requestStatusText, targetAuctionText, wayText } from './sell-request-rules';
import { anAuction } from '../../../lib/catalogue-fixture';

test('the way: post, store, courier with its day and boxes, storage', () => {
  const base = { pick_up_date: null, boxes: null };
  assert.is(wayText({ ...base, type: 'send_items' }), 'Send by post');
  assert.is(wayText({ ...base, type: 'drop_items' }), 'Drop off at the store');
  assert.is(wayText({ type: 'courier_collection', pick_up_date: '2026-11-27', boxes: 2 }), 'Courier collection on 27 November 2026, 2 boxes');
  assert.is(wayText({ type: 'courier_collection', pick_up_date: '2026-11-27', boxes: 1 }), 'Courier collection on 27 November 2026, 1 box');
  assert.is(wayText({ type: 'courier_collection', pick_up_date: null, boxes: null }), 'Courier collection');
  assert.is(wayText({ ...base, type: null, kind: 'from_storage' }), 'From your storage');
});

test('a calendar day stays the same day whatever the time zone', () => {
  assert.is(formatCalendarDay('2026-01-01'), '01 January 2026');
  assert.is(formatCalendarDay(null), '');
});

test('statuses: known labels, an unknown one as spelled', () => {
  assert.is(requestStatusText('partly_received'), 'Partly received');
  assert.is(itemStatusText('received'), 'Received');
  assert.is(itemStatusText('on_hold'), 'on hold');
});

test('the target auction: named with its start when known, else "Auction"', () => {
  const auctions = [anAuction({ id: 'a1', sequence_no: 12, year: 2026, start_date: '2026-12-05T12:00:00Z', end_date: '2026-12-12T12:00:00Z' })];
  assert.is(targetAuctionText('a1', auctions), 'Auction No. 12 · 2026, starts 05 December 2026');
  assert.is(targetAuctionText('zz', auctions), 'Auction');
});

test.run();
