import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { lotDecider } from './decide';
import { beforeEnd, bid, close, consigned, history, ENDS_AT } from './test-fixtures';

test('closing before the end is refused', () => {
  given(lotDecider, [consigned()]).when(close(beforeEnd(0.001))).thenError('rule_broken', 'This lot cannot be closed before it ends.');
});

test('sold: the winning bidder at the current price', () => {
  const later = '2025-03-08T20:00:05.000Z';
  given(lotDecider, history({}, bid('alice', 5_000), bid('bob', 3_000))).when(close(later)).thenEvents([
    {
      type: 'LotClosed',
      data: {
        lot_id: 'lot-1', auction_id: 'auction-1', seller_id: 'seller', outcome: 'sold', winner_id: 'alice',
        hammer_price: 3_500, final_price: 3_500, reserve_price_pence: null, bid_count: 3, ends_at: ENDS_AT, closed_at: later,
      },
    },
  ]);
});

test('sold when the highest maximum reached the reserve exactly', () => {
  const [event] = given(lotDecider, history({ reserve_price_pence: 20_000 }, bid('alice', 20_000))).when(close()).events();
  assert.equal(event!.type === 'LotClosed' && [event.data.outcome, event.data.winner_id, event.data.hammer_price], ['sold', 'alice', 20_000]);
});

test('unsold when the reserve was not met', () => {
  const [event] = given(lotDecider, history({ reserve_price_pence: 20_000 }, bid('alice', 15_000))).when(close()).events();
  assert.equal(event!.type === 'LotClosed' && [event.data.outcome, event.data.winner_id, event.data.hammer_price, event.data.final_price], ['unsold', null, null, 1_000]);
});

test('unsold with no bids', () => {
  const [event] = given(lotDecider, [consigned()]).when(close()).events();
  assert.equal(event!.type === 'LotClosed' && [event.data.outcome, event.data.winner_id, event.data.final_price, event.data.bid_count], ['unsold', null, null, 0]);
});

test('closing twice produces nothing (idempotent)', () => {
  const g = given(lotDecider, history({}, bid('alice', 1_000), close()));
  g.when(close('2025-03-09T00:00:00.000Z')).thenNothing();
  assert.is(g.state.status, 'closed');
  assert.is(g.state.winnerId, 'alice');
});

test('closing an unknown lot is not found', () => {
  given(lotDecider, []).when(close()).thenError('not_found', 'Lot not found.');
});

test.run();
