import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { extensionText } from './soft-close';

const at = (h: number, m: number, s: number) => new Date(2026, 10, 27, h, m, s).toISOString();

test('the notice says how far the end really moved', () => {
  assert.is(extensionText({ from: at(14, 3, 11), to: at(14, 3, 12) }), 'Extended: a late bid moved the end to 14:03:12 (1 second later).');
  assert.is(extensionText({ from: at(14, 0, 0), to: at(14, 2, 5) }), 'Extended: a late bid moved the end to 14:02:05 (2 minutes 5 seconds later).');
  assert.is(extensionText({ from: at(14, 0, 0), to: at(14, 3, 0) }), 'Extended: a late bid moved the end to 14:03:00 (3 minutes later).');
});

test('without a known earlier end it names the new end only', () => {
  assert.is(extensionText({ from: null, to: at(9, 5, 0) }), 'Extended: a late bid moved the end to 09:05:00.');
});

test.run();
