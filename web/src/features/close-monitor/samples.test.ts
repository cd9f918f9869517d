import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { KEEP, seriesOf, withMessage, type CloseSample } from './samples';

const sample = (second: number, over: Partial<CloseSample> = {}): CloseSample => ({
  at: new Date(Date.UTC(2026, 10, 27, 19, 0, second)).toISOString(), bids_per_second: 10, refusals_per_second: 1,
  decision_p50_ms: 1.2, decision_p99_ms: 9, lots_open: 300, lots_extended: 4, lots_closed: 0, projection_lag_seconds: 0.1,
  projection_events_behind: 2, watchers: 800, emails_waiting: 0, ...over,
});

test('given the history then samples, the desk holds the history and each new second, at most five minutes', () => {
  let held = withMessage([], { purpose: 'close_history', samples: [sample(0), sample(1)] });
  held = withMessage(held, { purpose: 'close_sample', sample: sample(2) });
  assert.equal(held.map((s) => s.at.slice(17, 19)), ['00', '01', '02']);
  for (let i = 0; i < KEEP + 5; i++) held = withMessage(held, { purpose: 'close_sample', sample: sample(3) });
  assert.is(held.length, KEEP);
  assert.is(withMessage(held, { purpose: 'pong' }), held, 'other messages change nothing');
});

test('given samples, a chart gets seconds on x and one series per figure, gaps as null', () => {
  assert.equal(seriesOf([sample(0), sample(1, { decision_p50_ms: null })], [(s) => s.bids_per_second, (s) => s.decision_p50_ms]), [
    [Date.UTC(2026, 10, 27, 19, 0, 0) / 1000, Date.UTC(2026, 10, 27, 19, 0, 1) / 1000], [10, 10], [1.2, null],
  ]);
});

test.run();
