import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_ROLL, demoRollingWanted, nextLiveWindow, rollOptionsFrom } from './live-roller';

const MINUTE = 60_000;
const now = new Date('2026-11-21T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
const auction = (from: number, to: number, finished = false) => ({ start: at(from), end: at(to), finished });
const roll = { durationMs: 60 * MINUTE, leadMs: 5 * MINUTE };

test('the next live auction opens at the live one’s end once less than the lead is left', () => {
  assert.is(nextLiveWindow([auction(-60, 10)], now, roll), null);
  assert.equal(nextLiveWindow([auction(-60, 4)], now, roll), { start: at(4), end: at(64) });
});

test('an auction already following the live one covers the time; a finished one does not', () => {
  assert.is(nextLiveWindow([auction(-60, 4), auction(4, 64)], now, roll), null);
  assert.equal(nextLiveWindow([auction(-60, 4), auction(4, 64, true)], now, roll), { start: at(4), end: at(64) });
});

test('with no live auction the next opens now; one far in the future does not count', () => {
  assert.equal(nextLiveWindow([auction(-600, -60, true), auction(7 * 24 * 60, 14 * 24 * 60)], now, roll), { start: now, end: at(60) });
});

test('never in production, not in tests unless DEMO_ROLLING=true, off with SEED_ON_START=false or DEMO_ROLLING=false', () => {
  assert.is(demoRollingWanted(true, {}), false);
  assert.is(demoRollingWanted(true, { DEMO_ROLLING: 'true' }), false);
  assert.is(demoRollingWanted(false, { NODE_ENV: 'test' }), false);
  assert.is(demoRollingWanted(false, { NODE_ENV: 'test', DEMO_ROLLING: 'true' }), true);
  assert.is(demoRollingWanted(false, {}), true);
  assert.is(demoRollingWanted(false, { SEED_ON_START: 'false' }), false);
  assert.is(demoRollingWanted(false, { DEMO_ROLLING: 'false' }), false);
});

test('DEMO_LIVE_MINUTES sets the length (5 minutes to a week), else an hour', () => {
  assert.is(rollOptionsFrom({}).durationMs, DEFAULT_ROLL.durationMs);
  assert.is(rollOptionsFrom({ DEMO_LIVE_MINUTES: '10080' }).durationMs, 10080 * MINUTE);
  assert.is(rollOptionsFrom({ DEMO_LIVE_MINUTES: '8' }).leadMs, 2 * MINUTE);
  assert.is(rollOptionsFrom({ DEMO_LIVE_MINUTES: 'soon' }).durationMs, DEFAULT_ROLL.durationMs);
});

test.run();
