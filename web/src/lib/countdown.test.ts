import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countdown, countdownLabel, remainingUntil } from './countdown';

const S = 1000, M = 60 * S, H = 60 * M, D = 24 * H;

test('at least one day: days, hours and minutes', () => {
  const c = countdown(2 * D + 4 * H + 10 * M + 30 * S);
  assert.is(c.mode, 'days');
  assert.is(c.text, '2d 04h 10m');
  assert.equal(c.parts.map((p) => p.unit), ['days', 'hours', 'minutes']);
  assert.is(c.expired, false);
});

test('exactly one day uses the day mode', () => {
  assert.is(countdown(D).text, '1d 00h 00m');
});

test('under a day: hours, minutes and seconds', () => {
  const c = countdown(23 * H + 59 * M + 59 * S);
  assert.is(c.mode, 'hours');
  assert.is(c.text, '23h 59m 59s');
  assert.is(countdown(5 * M + 7 * S).text, '00h 05m 07s');
});

test('partial seconds round up', () => {
  assert.is(countdown(1500).text, '00h 00m 02s');
  assert.is(countdown(1).text, '00h 00m 01s');
});

test('expired shows zeros', () => {
  for (const ms of [0, -5000, NaN]) {
    const c = countdown(ms);
    assert.is(c.expired, true);
    assert.is(c.text, '00h 00m 00s');
    assert.is(c.closing, false);
  }
});

test('closing flag inside the last three minutes', () => {
  assert.is(countdown(3 * M).closing, true);
  assert.is(countdown(3 * M + S).closing, false);
});

test('remainingUntil uses the given (server) clock', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  assert.is(remainingUntil('2025-06-01T12:01:00Z', now), M);
  assert.is(remainingUntil('2025-06-01T11:00:00Z', now), 0);
  assert.is(remainingUntil(null, now), 0);
  assert.is(remainingUntil('not a date', now), 0);
});

test('spoken label', () => {
  assert.is(countdownLabel(countdown(D + H + M)), '1 day 1 hour 1 minute');
  assert.is(countdownLabel(countdown(2 * H + 3 * S)), '2 hours 0 minutes 3 seconds');
});

test.run();
