import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { allInEstimate, formatGBP, formatPence, penceToDecimal, percentOf, toPence } from './money';

test('formatGBP drops a trailing .00 and groups thousands', () => {
  assert.is(formatGBP('1250.00'), '£1,250');
  assert.is(formatGBP('12.50'), '£12.50');
  assert.is(formatGBP('12.5'), '£12.50');
  assert.is(formatGBP('0.00'), '£0');
  assert.is(formatGBP('1000000.00'), '£1,000,000');
  assert.is(formatGBP('999.99'), '£999.99');
  assert.is(formatGBP(25), '£25');
  assert.is(formatGBP('-5.00'), '-£5');
});

test('formatGBP shows the fallback for empty values', () => {
  assert.is(formatGBP(null), '—');
  assert.is(formatGBP(undefined, 'No bids'), 'No bids');
  assert.is(formatGBP('abc'), '—');
});

test('formatPence', () => {
  assert.is(formatPence(125000), '£1,250');
  assert.is(formatPence(1250), '£12.50');
  assert.is(formatPence(5), '£0.05');
  assert.is(formatPence(123456789), '£1,234,567.89');
});

test('toPence parses decimal strings, pounds and currency text', () => {
  assert.is(toPence('125'), 12500);
  assert.is(toPence('125.5'), 12550);
  assert.is(toPence('1,250.00'), 125000);
  assert.is(toPence('£12.50'), 1250);
  assert.is(toPence(0.1 + 0.2), 30);
  assert.is(toPence('12.345'), null);
  assert.is(toPence(''), null);
  assert.is(toPence(null), null);
});

test('penceToDecimal', () => {
  assert.is(penceToDecimal(12550), '125.50');
  assert.is(penceToDecimal(5), '0.05');
  assert.is(penceToDecimal(-250), '-2.50');
});

test('percentOf rounds half up to the penny', () => {
  assert.is(percentOf(10000, 1250), 1250);
  assert.is(percentOf(1004, 1250), 126); // 125.5 -> 126
  assert.is(percentOf(333, 2000), 67); // 66.6 -> 67
});

test('allInEstimate without VAT on hammer', () => {
  // £100 hammer: premium £12.50, VAT on premium £2.50 -> £115
  assert.equal(allInEstimate(10000, false), {
    hammer: 10000, premium: 1250, premiumVat: 250, hammerVat: 0, total: 11500,
  });
});

test('allInEstimate with VAT on hammer', () => {
  // £100 hammer + £12.50 + £2.50 + £20 -> £135
  assert.equal(allInEstimate(10000, true), {
    hammer: 10000, premium: 1250, premiumVat: 250, hammerVat: 2000, total: 13500,
  });
});

test('allInEstimate rounds each line in pence', () => {
  // £1,235 hammer: premium 154.375 -> £154.38; VAT on premium 30.876 -> £30.88; VAT on hammer £247
  const e = allInEstimate(123500, true);
  assert.is(e.premium, 15438);
  assert.is(e.premiumVat, 3088);
  assert.is(e.hammerVat, 24700);
  assert.is(e.total, 123500 + 15438 + 3088 + 24700);
  assert.is(formatPence(e.total), '£1,667.26');
});

test.run();
