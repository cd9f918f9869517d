import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatLongDate, formatShortDate, timeAgo } from './dates';

test('date formats', () => {
  const local = new Date(2025, 2, 5, 19, 0).toISOString();
  assert.is(formatShortDate(local), '05/03/2025');
  assert.is(formatLongDate(local), '05 March 2025');
  assert.is(formatShortDate('nope'), '');
  assert.is(formatLongDate(null), '');
});

test('time ago in minutes, hours or days', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  assert.is(timeAgo('2025-06-01T11:55:00Z', now), '5 minutes ago');
  assert.is(timeAgo('2025-06-01T11:59:30Z', now), '1 minute ago');
  assert.is(timeAgo('2025-06-01T09:00:00Z', now), '3 hours ago');
  assert.is(timeAgo('2025-05-30T12:00:00Z', now), '2 days ago');
});

test.run();
