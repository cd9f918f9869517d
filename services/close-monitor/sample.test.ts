import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bucketDelta, nextSample, quantile, type Totals } from './sample';

const buckets = (counts: number[], les = [0.001, 0.005, 0.01, 0.05, Infinity]) => les.map((le, i) => ({ le, count: counts[i] }));

const totals = (over: Partial<Totals> = {}): Totals => ({
  at: new Date('2026-11-27T19:00:00.000Z'), bids: 1000, lots: { open: 280, extended: 12, closed: 20 }, refused: 40,
  decisions: buckets([0, 0, 0, 0, 0]), projectionLagSeconds: 0.25, projectionEventsBehind: 3, watchers: 900, emailsWaiting: 5, ...over,
});

test('given cumulative buckets, the median is interpolated inside its bucket, as Prometheus does', () => {
  // 10 observations: 4 under 1 ms, 6 more under 5 ms.
  assert.is(quantile(0.5, buckets([4, 10, 10, 10, 10])), 0.001 + 0.004 * (1 / 6));
  assert.is(quantile(0.2, buckets([4, 10, 10, 10, 10])), 0.001 * (2 / 4));
});

test('given observations above the last bound, the quantile is that bound; given none, null', () => {
  assert.is(quantile(0.99, buckets([0, 0, 0, 90, 100])), 0.05);
  assert.is(quantile(0.5, buckets([0, 0, 0, 0, 0])), null);
});

test('given two readings of a histogram, the delta holds only what was observed between them', () => {
  assert.equal(bucketDelta(buckets([1, 2, 3, 4, 5]), buckets([1, 4, 9, 9, 10])).map((b) => b.count), [0, 2, 6, 5, 5]);
});

test('given a second of bidding, then the sample has its rates, the latency of its decisions and the house figures', () => {
  const before = totals();
  const now = totals({
    at: new Date('2026-11-27T19:00:02.000Z'), bids: 1800, refused: 60, decisions: buckets([100, 180, 190, 200, 200]),
    lots: { open: 279, extended: 15, closed: 21 }, emailsWaiting: 7,
  });
  assert.equal(nextSample(before, now), {
    at: '2026-11-27T19:00:02.000Z', bids_per_second: 400, refusals_per_second: 10,
    decision_p50_ms: 1, decision_p99_ms: 42, lots_open: 279, lots_extended: 15, lots_closed: 21,
    projection_lag_seconds: 0.3, projection_events_behind: 3, watchers: 900, emails_waiting: 7,
  });
});

test('given the first reading, then rates are 0 and there is no latency yet; a process without sockets has no watchers', () => {
  const first = nextSample(null, totals({ watchers: null }));
  assert.equal([first.bids_per_second, first.refusals_per_second, first.decision_p50_ms, first.watchers], [0, 0, null, null]);
});

test('given a counter that went back (the read model rebuilt), then the rate is 0, never negative', () => {
  assert.is(nextSample(totals(), totals({ at: new Date('2026-11-27T19:00:01.000Z'), bids: 10 })).bids_per_second, 0);
});

test.run();
