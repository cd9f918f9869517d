import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import type { WithdrawLot } from './commands';
import { beforeEnd, bid, close, consigned, history, MID } from './test-fixtures';

const withdraw = (overrides: Partial<WithdrawLot> = {}): WithdrawLot => ({
  type: 'WithdrawLot', lot_id: 'lot-1', reason: '  Cork failure found at inspection ', by: 'staff-2', now: MID, ...overrides,
});

test('given a running lot with bids, when staff withdraw it, then LotWithdrawn and a LotClosed with no winner', () => {
  given(lotDecider, history({}, bid('alice', 5_000), bid('bob', 3_000))).when(withdraw()).thenEvents([
    {
      type: 'LotWithdrawn',
      data: { lot_id: 'lot-1', auction_id: 'auction-1', seller_id: 'seller', reason: 'Cork failure found at inspection', by: 'staff-2', at: MID },
    },
    {
      type: 'LotClosed',
      data: {
        lot_id: 'lot-1', auction_id: 'auction-1', seller_id: 'seller', outcome: 'unsold', winner_id: null, hammer_price: null,
        final_price: 3_500, reserve_price_pence: null, bid_count: 3, ends_at: MID, closed_at: MID, withdrawn: true,
      },
    },
  ]);
});

test('given a withdrawn lot, when a bidder bids, then "This lot has been withdrawn."', () => {
  const h = history({}, bid('alice', 5_000), withdraw());
  given(lotDecider, h).when(bid('bob', 9_000)).thenError('rule_broken', 'This lot has been withdrawn.');
  given(lotDecider, h).when(bid('bob', 9_000, beforeEnd(-60))).thenError('rule_broken', 'This lot has been withdrawn.');
});

test('given a withdrawn lot, then it is closed with no winner and the scheduler close decides nothing', () => {
  const g = given(lotDecider, history({}, bid('alice', 5_000), withdraw()));
  assert.equal([g.state.status, g.state.withdrawn, g.state.winnerId, g.state.outcome], ['closed', true, null, 'unsold']);
  g.when(close()).thenNothing();
});

test('withdrawing twice decides nothing; a lot not yet started can be withdrawn', () => {
  given(lotDecider, history({}, withdraw())).when(withdraw()).thenNothing();
  const [first] = given(lotDecider, [consigned()]).when(withdraw({ now: '2025-02-28T00:00:00.000Z' })).events();
  assert.is(first!.type, 'LotWithdrawn');
});

test('a reason is required', () => {
  given(lotDecider, [consigned()]).when(withdraw({ reason: '   ' })).thenError('validation', 'Invalid input');
  given(lotDecider, [consigned()]).when(withdraw({ reason: 'x'.repeat(501) })).thenError('validation');
});

test('at or after its end, or once closed, a lot can no longer be withdrawn', () => {
  const message = 'This lot has already ended and can no longer be withdrawn.';
  given(lotDecider, [consigned()]).when(withdraw({ now: beforeEnd(0) })).thenError('rule_broken', message);
  given(lotDecider, history({}, close())).when(withdraw({ now: beforeEnd(-10) })).thenError('rule_broken', message);
});

test('an unknown lot is not found', () => {
  given(lotDecider, []).when(withdraw()).thenError('not_found', 'Lot not found.');
});

test.run();
