import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { daysText, fillLiveTokens, lotCount, typicalAuctionDays, weekdayDate } from './house-copy';

const live = { lot_count: 300, end_date: new Date(2026, 11, 4, 19, 0).toISOString() };

test('a slide names the live auction\'s real lot count and closing day', () => {
  assert.is(fillLiveTokens('{lot_count} of bottles and casks, ending {end_day}.', live), '300 lots of bottles and casks, ending Friday 4 December.');
  assert.is(fillLiveTokens('Closes {end_date}', live), 'Closes 04 December 2026');
  assert.is(fillLiveTokens('Sell with us', null), 'Sell with us', 'a slide without tokens is shown as written');
});

test('a slide that names the live auction is hidden when none is live or its count is unknown', () => {
  assert.is(fillLiveTokens('{lot_count} lots', null), null);
  assert.is(fillLiveTokens('{lot_count} lots', { end_date: live.end_date }), null);
});

test('counts and dates read as words', () => {
  assert.is(lotCount(1), '1 lot');
  assert.is(lotCount(1412), '1,412 lots');
  assert.is(weekdayDate('not a date'), '');
  assert.is(daysText(7), 'seven days');
  assert.is(daysText(10), '10 days');
});

test('an auction\'s usual length is the median of the real ones, in whole days', () => {
  const at = (start: number, days: number) => ({ start_date: new Date(start).toISOString(), end_date: new Date(start + days * 86_400_000).toISOString() });
  const t = Date.UTC(2026, 0, 1);
  assert.is(typicalAuctionDays([at(t, 7), at(t, 7), at(t, 0.05), at(t, 7.01)]), 7, 'a one-hour demo sale does not change it');
  assert.is(typicalAuctionDays([at(t, 10)]), 10);
  assert.is(typicalAuctionDays([]), null);
  assert.is(typicalAuctionDays([at(t, 0.1)]), null);
});

test.run();
