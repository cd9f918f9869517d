import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BID_INCREMENTS, DEFAULT_OPENING_BID, nextMinimumBid, stepFor } from './increments';
import { formatPounds } from './format';

test('every band edge of the product table', () => {
  const cases: Array<[number, number]> = [
    [0, 500], [9_999, 500], [10_000, 1_000], [49_999, 1_000], [50_000, 2_500], [99_999, 2_500],
    [100_000, 5_000], [249_999, 5_000], [250_000, 10_000], [499_999, 10_000], [500_000, 25_000],
    [999_999, 25_000], [1_000_000, 50_000], [2_499_999, 50_000], [2_500_000, 100_000], [9_999_999, 100_000],
    [10_000_000, 250_000], [1_000_000_000, 250_000],
  ];
  for (const [price, step] of cases) assert.is(stepFor(price), step, `step at ${price}`);
});

test('the exported table is contiguous, starts at 0 and is open-ended', () => {
  assert.is(BID_INCREMENTS[0]!.from, 0);
  for (let i = 1; i < BID_INCREMENTS.length; i++) assert.is(BID_INCREMENTS[i]!.from, BID_INCREMENTS[i - 1]!.to);
  assert.is(BID_INCREMENTS[BID_INCREMENTS.length - 1]!.to, null);
  assert.is(BID_INCREMENTS.length, 9);
});

test('next minimum bid: the opening bid with no bid, then price plus its step', () => {
  assert.is(DEFAULT_OPENING_BID, 1_000);
  assert.is(nextMinimumBid({ openingBid: 1_000, currentPrice: null }), 1_000);
  assert.is(nextMinimumBid({ openingBid: 1_000, currentPrice: 1_000 }), 1_500);
  assert.is(nextMinimumBid({ openingBid: 1_000, currentPrice: 20_000 }), 21_000);
  assert.is(nextMinimumBid({ openingBid: 1_000, currentPrice: 9_800 }), 10_300);
});

test('pounds are formatted en-GB with a trailing .00 dropped', () => {
  assert.is(formatPounds(21_000), '£210');
  assert.is(formatPounds(125_050), '£1,250.50');
  assert.is(formatPounds(5), '£0.05');
  assert.is(formatPounds(1_000_000_000), '£10,000,000');
});

test.run();
