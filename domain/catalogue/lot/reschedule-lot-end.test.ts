import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import type { RescheduleLotEnd } from './commands';
import { bid, close, consigned, ENDS_AT, history, STARTS_AT } from './test-fixtures';

const BEFORE_START = '2025-02-28T09:00:00.000Z';
const LATER_END = '2025-03-08T20:01:00.000Z';
const reschedule = (overrides: Partial<RescheduleLotEnd> = {}): RescheduleLotEnd => ({
  type: 'RescheduleLotEnd', lot_id: 'lot-1', ends_at: LATER_END, by: 'staff-2', now: BEFORE_START, ...overrides,
});

test('given a lot not yet started, when staff move its end, then LotEndRescheduled', () => {
  given(lotDecider, [consigned()]).when(reschedule()).thenEvents([
    {
      type: 'LotEndRescheduled',
      data: { lot_id: 'lot-1', auction_id: 'auction-1', previous_ends_at: ENDS_AT, ends_at: LATER_END, starts_at: STARTS_AT, by: 'staff-2', at: BEFORE_START },
    },
  ]);
});

test('then the new end is the original one: bidding stops and closing happens there, without counting as extra time', () => {
  const h = history({}, reschedule(), bid('alice', 5_000));
  const g = given(lotDecider, h);
  assert.is(g.state.originalEndsAtMs, Date.parse(LATER_END));
  given(lotDecider, h).when(close(ENDS_AT)).thenError('rule_broken', 'This lot cannot be closed before it ends.');
  given(lotDecider, h).when(bid('bob', 9_000, '2025-03-08T20:00:30.000Z')).events();
  given(lotDecider, history({}, reschedule())).when(bid('bob', 9_000, LATER_END)).thenError('rule_broken', 'Bidding on this lot has ended.');
});

test('after the start the end can no longer be moved', () => {
  const message = 'The end of this lot can no longer be changed: its auction has started.';
  given(lotDecider, [consigned()]).when(reschedule({ now: STARTS_AT })).thenError('rule_broken', message);
  given(lotDecider, history({}, bid('alice', 1_000), close())).when(reschedule({ now: '2025-03-09T00:00:00.000Z' })).thenError('rule_broken', message);
});

test('the end must be after the start; the same end decides nothing', () => {
  given(lotDecider, [consigned()]).when(reschedule({ ends_at: STARTS_AT })).thenError('validation');
  given(lotDecider, [consigned()]).when(reschedule({ ends_at: 'soon' })).thenError('validation');
  given(lotDecider, [consigned()]).when(reschedule({ ends_at: ENDS_AT })).thenNothing();
});

test('with its auction rescheduled, the start moves too (into the future only)', () => {
  const g = given(lotDecider, history({}, reschedule({ starts_at: '2025-03-02T10:00:00.000Z', ends_at: '2025-03-09T20:00:00.000Z' })));
  assert.equal([g.state.startsAtMs, g.state.endsAtMs], [Date.parse('2025-03-02T10:00:00.000Z'), Date.parse('2025-03-09T20:00:00.000Z')]);
  given(lotDecider, [consigned()]).when(reschedule({ starts_at: BEFORE_START })).thenError('validation');
  given(lotDecider, [consigned()]).when(reschedule({ starts_at: '2025-03-09T00:00:00.000Z', ends_at: '2025-03-08T00:00:00.000Z' })).thenError('validation');
});

test('a withdrawn lot keeps its end', () => {
  const h = history({}, { type: 'WithdrawLot', lot_id: 'lot-1', reason: 'Leak', by: 'staff', now: BEFORE_START });
  given(lotDecider, h).when(reschedule()).thenError('rule_broken', 'This lot has been withdrawn.');
});

test.run();
