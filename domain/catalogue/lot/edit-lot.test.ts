import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { lotDecider } from './decide';
import type { EditLot } from './commands';
import type { LotEdited } from './events';
import { bid, consigned, history, ITEM, MID, STARTS_AT } from './test-fixtures';

const BEFORE_START = '2025-02-28T09:00:00.000Z';
const edit = (overrides: Partial<EditLot> = {}): EditLot => ({ type: 'EditLot', lot_id: 'lot-1', by: 'staff-2', now: BEFORE_START, ...overrides });
const withdraw = (now: string) => ({ type: 'WithdrawLot' as const, lot_id: 'lot-1', reason: 'Damaged label', by: 'staff', now });

test('given a consigned lot, when staff edit it before the start, then LotEdited carries the resulting values and what changed', () => {
  given(lotDecider, [consigned()])
    .when(edit({ item: { title: 'Macallan 18 (1990s)', estimated_value_pence: 35_000 }, opening_bid_pence: 2_000, reserve_price_pence: 25_000 }))
    .thenEvents([
      {
        type: 'LotEdited',
        data: {
          lot_id: 'lot-1',
          item: { ...ITEM, title: 'Macallan 18 (1990s)', estimated_value_pence: 35_000 },
          opening_bid_pence: 2_000,
          reserve_price_pence: 25_000,
          next_minimum_bid: 2_000,
          changed: ['item.title', 'item.estimated_value_pence', 'opening_bid_pence', 'reserve_price_pence'],
          edited_by: 'staff-2',
          edited_at: BEFORE_START,
        },
      },
    ]);
});

test('given an edited lot, then later bids use the edited opening bid and reserve', () => {
  const h = history({}, edit({ opening_bid_pence: 5_000, reserve_price_pence: 20_000 }));
  given(lotDecider, h).when(bid('alice', 4_000)).thenError('rule_broken', 'Your bid must be at least £50.');
  const [event] = given(lotDecider, h).when(bid('alice', 25_000)).events();
  assert.is(event!.type === 'BidPlaced' && event.data.current_price, 20_000);
});

test('given a started lot, when staff edit it, then it is refused', () => {
  given(lotDecider, [consigned()]).when(edit({ now: STARTS_AT, opening_bid_pence: 2_000 })).thenError('rule_broken', 'This lot can no longer be edited: its auction has started.');
  given(lotDecider, history({}, bid('alice', 5_000))).when(edit({ now: MID, item: { title: 'X' } })).thenError('rule_broken', 'This lot can no longer be edited: its auction has started.');
});

test('given a withdrawn lot, when staff edit it, then it is refused', () => {
  given(lotDecider, history({}, withdraw(BEFORE_START))).when(edit({ item: { title: 'X' } })).thenError('rule_broken', 'This lot can no longer be edited: it has been withdrawn.');
});

test('when nothing changes, then nothing is decided; 0 reserve means no reserve', () => {
  given(lotDecider, [consigned()]).when(edit({ item: { title: ITEM.title }, reserve_price_pence: 0 })).thenNothing();
  const [event] = given(lotDecider, [consigned({ reserve_price_pence: 9_000 })]).when(edit({ reserve_price_pence: 0 })).events();
  assert.equal((event as LotEdited).data.reserve_price_pence, null);
  assert.equal((event as LotEdited).data.changed, ['reserve_price_pence']);
});

test('bad values are refused by field', () => {
  const error = given(lotDecider, [consigned()])
    .when(edit({ item: { title: ' ', estimated_value_pence: -1 }, opening_bid_pence: 0, reserve_price_pence: 10.5 }))
    .thenError('validation') as ValidationError;
  assert.equal(Object.keys(error.fields).sort(), ['item.estimated_value_pence', 'item.title', 'opening_bid_pence', 'reserve_price_pence']);
});

test('an unknown lot is not found', () => {
  given(lotDecider, []).when(edit({ item: { title: 'X' } })).thenError('not_found', 'Lot not found.');
});

test.run();
