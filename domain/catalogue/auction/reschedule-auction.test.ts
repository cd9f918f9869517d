import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { auctionDecider } from './decide';
import type { AuctionEvent } from './events';
import type { RescheduleAuction } from './commands';

const created: AuctionEvent = {
  type: 'AuctionCreated',
  data: {
    auction_id: 'auction-1', start_date: '2025-03-01T10:00:00.000Z', end_date: '2025-03-08T20:00:00.000Z', year: 2025,
    sequence_no: 3, bottles_add_deadline: '2025-02-25T23:59:59.000Z', created_by: 'staff', created_at: '2025-02-01T09:00:00.000Z',
  },
};
const reschedule = (overrides: Partial<RescheduleAuction> = {}): RescheduleAuction => ({
  type: 'RescheduleAuction', auction_id: 'auction-1', start_date: '2025-03-02T10:00:00Z', end_date: '2025-03-09T20:00:00Z',
  by: 'staff-2', now: '2025-02-20T09:00:00Z', ...overrides,
});

test('given an auction not yet started, when staff move its dates, then AuctionRescheduled with the resulting dates', () => {
  given(auctionDecider, [created]).when(reschedule()).thenEvents([
    {
      type: 'AuctionRescheduled',
      data: {
        auction_id: 'auction-1', start_date: '2025-03-02T10:00:00.000Z', end_date: '2025-03-09T20:00:00.000Z',
        bottles_add_deadline: '2025-02-25T23:59:59.000Z', by: 'staff-2', at: '2025-02-20T09:00:00.000Z',
      },
    },
  ]);
});

test('an earlier start pulls the bottles deadline back to it', () => {
  const [event] = given(auctionDecider, [created]).when(reschedule({ start_date: '2025-02-24T10:00:00Z' })).events();
  assert.is(event!.type === 'AuctionRescheduled' && event.data.bottles_add_deadline, '2025-02-24T10:00:00.000Z');
});

test('after the start, or once finished, the dates are fixed', () => {
  const message = 'This auction can no longer be rescheduled: it has started.';
  given(auctionDecider, [created]).when(reschedule({ now: '2025-03-01T10:00:00Z' })).thenError('rule_broken', message);
  const finished: AuctionEvent = { type: 'AuctionFinished', data: { auction_id: 'auction-1', finished_at: '2025-03-08T20:07:00.000Z' } };
  given(auctionDecider, [created, finished]).when(reschedule({ now: '2025-03-09T00:00:00Z' })).thenError('rule_broken', message);
});

test('the new start must be in the future and before the end; the same dates decide nothing', () => {
  const error = given(auctionDecider, [created])
    .when(reschedule({ start_date: '2025-02-19T00:00:00Z', end_date: '2025-02-18T00:00:00Z' }))
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, { start_date: ['The start must be in the future.'], end_date: ['The end date must be after the start date.'] });
  given(auctionDecider, [created]).when(reschedule({ start_date: '2025-03-01T10:00:00Z', end_date: '2025-03-08T20:00:00Z' })).thenNothing();
  given(auctionDecider, []).when(reschedule()).thenError('not_found');
});

test.run();
