import { test } from 'uvu';
import { given } from '../../shared/given-when-then';
import { auctionDecider } from './decide';
import type { AuctionEvent } from './events';
import type { FinishAuction } from './commands';

const created: AuctionEvent = {
  type: 'AuctionCreated',
  data: {
    auction_id: 'auction-1', start_date: '2025-03-01T10:00:00.000Z', end_date: '2025-03-08T20:00:00.000Z', year: 2025,
    sequence_no: 3, bottles_add_deadline: '2025-02-25T23:59:59.000Z', created_by: 'staff', created_at: '2025-02-01T09:00:00.000Z',
  },
};
const finish = (now: string, openLots = 0): FinishAuction => ({ type: 'FinishAuction', auction_id: 'auction-1', open_lot_count: openLots, now });

test('finishes once its last lot has closed', () => {
  given(auctionDecider, [created]).when(finish('2025-03-08T20:07:00Z')).thenEvents([
    { type: 'AuctionFinished', data: { auction_id: 'auction-1', finished_at: '2025-03-08T20:07:00.000Z' } },
  ]);
});

test('not while lots are still open (soft close)', () => {
  given(auctionDecider, [created]).when(finish('2025-03-08T20:01:00Z', 1)).thenError('rule_broken', 'This auction still has lots open for bidding.');
});

test('not before its end date', () => {
  given(auctionDecider, [created]).when(finish('2025-03-08T19:59:59.999Z')).thenError('rule_broken', 'This auction cannot finish before its end date.');
});

test('exactly once: finishing again produces nothing', () => {
  const finished: AuctionEvent = { type: 'AuctionFinished', data: { auction_id: 'auction-1', finished_at: '2025-03-08T20:07:00.000Z' } };
  given(auctionDecider, [created, finished]).when(finish('2025-03-09T00:00:00Z')).thenNothing();
});

test('an unknown auction, or a nonsense lot count, is refused', () => {
  given(auctionDecider, []).when(finish('2025-03-09T00:00:00Z')).thenError('not_found', 'Auction not found.');
  given(auctionDecider, [created]).when(finish('2025-03-09T00:00:00Z', -1)).thenError('validation');
});

test.run();
