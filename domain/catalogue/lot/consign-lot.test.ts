import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import type { ValidationError } from '../../shared/errors';
import { lotDecider } from './decide';
import type { SetLotFeatured } from './commands';
import { consignCommand, consigned, ITEM, ENDS_AT, STARTS_AT } from './test-fixtures';

const featured = (value: boolean): SetLotFeatured => ({ type: 'SetLotFeatured', lot_id: 'lot-1', featured: value, by: 'staff', now: '2025-03-02T00:00:00Z' });

test('consigning records everything staff entered, with the £10 default opening bid', () => {
  given(lotDecider, []).when(consignCommand({ reserve_price_pence: 0, ends_at: '2025-03-08T20:00:00Z', reference_no: ' R-0001 ' })).thenEvents([
    {
      type: 'LotConsigned',
      data: {
        lot_id: 'lot-1', auction_id: 'auction-1', seller_id: 'seller', reference_no: 'R-0001', item: ITEM,
        reserve_price_pence: null, reserve_fee_pence: 0, opening_bid_pence: 1_000, vat_enabled: false, warehouse: null,
        is_group_lot: false, group_items: [], custom_title: null, custom_subtitle: null, custom_description: null,
        featured: false, starts_at: STARTS_AT, ends_at: ENDS_AT, next_minimum_bid: 1_000, consigned_by: 'staff',
        consigned_at: '2025-02-20T09:00:00.000Z',
      },
    },
  ]);
});

test('the state after consignment is open with the original end kept', () => {
  const state = given(lotDecider, []).when(consignCommand({ opening_bid_pence: 5_000, reserve_price_pence: 20_000 })).state();
  assert.is(state.status, 'open');
  assert.is(state.openingBid, 5_000);
  assert.is(state.reservePrice, 20_000);
  assert.is(state.originalEndsAtMs, state.endsAtMs);
  assert.is(state.currentPrice, null);
});

test('bad consignments are refused field by field', () => {
  const error = given(lotDecider, [])
    .when(consignCommand({ ends_at: STARTS_AT, opening_bid_pence: -1, reserve_price_pence: 10.5, reference_no: ' ', reserve_fee_pence: -5 }))
    .thenError('validation') as ValidationError;
  assert.equal(Object.keys(error.fields).sort(), ['ends_at', 'opening_bid_pence', 'reference_no', 'reserve_fee_pence', 'reserve_price_pence']);
  assert.equal(error.fields.ends_at, ['The end must be after the start.']);
  given(lotDecider, []).when(consignCommand({ starts_at: 'soon' })).thenError('validation');
});

test('a lot is consigned only once', () => {
  given(lotDecider, [consigned()]).when(consignCommand()).thenError('conflict', 'This lot has already been consigned.');
});

test('featuring a lot, and setting the same value again changes nothing', () => {
  given(lotDecider, [consigned()]).when(featured(true)).thenEvents([
    { type: 'LotFeaturedSet', data: { lot_id: 'lot-1', featured: true, set_by: 'staff', set_at: '2025-03-02T00:00:00.000Z' } },
  ]);
  given(lotDecider, [consigned({ featured: true })]).when(featured(true)).thenNothing();
  given(lotDecider, []).when(featured(true)).thenError('not_found');
});

test.run();
