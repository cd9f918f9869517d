import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { auctionDecider } from './decide';
import type { CreateAuction } from './commands';

const create = (overrides: Partial<CreateAuction> = {}): CreateAuction => ({
  type: 'CreateAuction',
  auction_id: 'auction-1',
  start_date: '2025-03-01T10:00:00Z',
  end_date: '2025-03-08T20:00:00Z',
  year: 2025,
  sequence_no: 3,
  bottles_add_deadline: '2025-02-25T23:59:59Z',
  by: 'staff',
  now: '2025-02-01T09:00:00Z',
  ...overrides,
});

test('creating an auction records its dates as ISO instants', () => {
  given(auctionDecider, []).when(create()).thenEvents([
    {
      type: 'AuctionCreated',
      data: {
        auction_id: 'auction-1', start_date: '2025-03-01T10:00:00.000Z', end_date: '2025-03-08T20:00:00.000Z', year: 2025,
        sequence_no: 3, bottles_add_deadline: '2025-02-25T23:59:59.000Z', created_by: 'staff', created_at: '2025-02-01T09:00:00.000Z',
      },
    },
  ]);
});

test('the end must be after the start', () => {
  const error = given(auctionDecider, []).when(create({ end_date: '2025-03-01T10:00:00Z' })).thenError('validation') as ValidationError;
  assert.equal(error.fields, { end_date: ['The end date must be after the start date.'] });
});

test('bad dates, year, sequence number and a late bottle deadline are refused', () => {
  const error = given(auctionDecider, [])
    .when(create({ start_date: 'tomorrow', year: 1999, sequence_no: 0 }))
    .thenError('validation') as ValidationError;
  assert.equal(Object.keys(error.fields).sort(), ['sequence_no', 'start_date', 'year']);
  given(auctionDecider, []).when(create({ bottles_add_deadline: '2025-03-02T00:00:00Z' })).thenError('validation', 'Invalid input');
});

test('an auction is created once', () => {
  const [created] = given(auctionDecider, []).when(create()).events();
  given(auctionDecider, [created!]).when(create()).thenError('conflict', 'This auction already exists.');
});

test.run();
