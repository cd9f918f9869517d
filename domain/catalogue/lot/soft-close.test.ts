import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import type { BidPlaced } from './events';
import { beforeEnd, bid, close, consigned, history, ENDS_AT, END_MS, STARTS_AT } from './test-fixtures';

const placed = (events: unknown[]) => (events as BidPlaced[])[0]!.data;
const iso = (ms: number) => new Date(ms).toISOString();

test('a bid at the exact end instant is refused', () => {
  given(lotDecider, [consigned()]).when(bid('alice', 1_000, ENDS_AT)).thenError('rule_broken', 'Bidding on this lot has ended.');
});

test('a bid one millisecond before the end is accepted and extends the lot', () => {
  const d = placed(given(lotDecider, [consigned()]).when(bid('alice', 1_000, iso(END_MS - 1))).events());
  assert.is(d.extended, true);
  assert.is(d.ends_at, iso(END_MS - 1 + 180_000));
  assert.is(d.extra_time_seconds, 180);
});

test('a bid in the last 3 minutes moves the end to 3 minutes after it', () => {
  const d = placed(given(lotDecider, [consigned()]).when(bid('alice', 1_000, beforeEnd(60))).events());
  assert.is(d.ends_at, iso(END_MS + 120_000));
  assert.is(d.extra_time_seconds, 120);
});

test('a bid exactly 3 minutes before the end, or earlier, does not extend', () => {
  for (const seconds of [180, 181, 3_600]) {
    const d = placed(given(lotDecider, [consigned()]).when(bid('alice', 1_000, beforeEnd(seconds))).events());
    assert.is(d.extended, false, `${seconds}s before`);
    assert.is(d.ends_at, ENDS_AT);
  }
});

test('extensions chain: each accepted bid near the new end extends again', () => {
  const h = history({}, bid('alice', 1_000, beforeEnd(60)), bid('bob', 5_000, beforeEnd(-100))); // end+120s, then end+280s
  const state = given(lotDecider, h).state;
  assert.is(state.endsAtMs, END_MS + 280_000);
  const d = placed(given(lotDecider, h).when(bid('alice', 9_000, beforeEnd(-270))).events());
  assert.is(d.ends_at, iso(END_MS + 450_000));
  assert.is(d.extra_time_seconds, 450);
  given(lotDecider, h).when(bid('carol', 9_000, iso(END_MS + 280_000))).thenError('rule_broken', 'Bidding on this lot has ended.');
});

test('a raise by the leader in the last minutes extends too', () => {
  const h = history({}, bid('alice', 1_000));
  assert.is(placed(given(lotDecider, h).when(bid('alice', 5_000, beforeEnd(10))).events()).extended, true);
});

test('rejected bids never extend', () => {
  const g = given(lotDecider, history({}, bid('alice', 1_000)));
  g.when(bid('bob', 1_400, beforeEnd(10))).thenError('rule_broken', 'Your bid must be at least £15.');
  g.when(bid('bob', 1_500, beforeEnd(10), { bidder_registration_fee_paid: false })).thenError('rule_broken');
  assert.is(g.state.endsAtMs, END_MS);
  g.when(bid('bob', 1_500, ENDS_AT)).thenError('rule_broken', 'Bidding on this lot has ended.');
});

test('bids before the lot starts are refused', () => {
  given(lotDecider, [consigned()])
    .when(bid('alice', 1_000, iso(Date.parse(STARTS_AT) - 1)))
    .thenError('rule_broken', 'Bidding on this lot has not started yet.');
  assert.is(placed(given(lotDecider, [consigned()]).when(bid('alice', 1_000, STARTS_AT)).events()).current_price, 1_000);
});

test('an extended lot cannot close at its original end, only at the extended one', () => {
  const h = history({}, bid('alice', 1_000, beforeEnd(60)));
  given(lotDecider, h).when(close(ENDS_AT)).thenError('rule_broken', 'This lot cannot be closed before it ends.');
  const [closed] = given(lotDecider, h).when(close(iso(END_MS + 120_000))).events();
  assert.is(closed!.type, 'LotClosed');
});

test.run();
