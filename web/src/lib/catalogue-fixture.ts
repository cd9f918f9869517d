/**
 * A whole lot and auction as the API answers them (the contract's types), for the unit tests: a test names only the
 * fields it is about and the rest are a plain live lot with no bids, so a field the server adds or renames fails here once.
 */
import type { Auction, BidStats, Lot, LotItem } from './types';

export const anItem = (over: Partial<LotItem> = {}): LotItem => ({
  id: 'item-1', slug: 'item-1', estimated_value: '200.00', title: 'Item', subtitle: '', description: '',
  distillery: { name: 'Distillery', description: null, region: null }, is_notification: false, type: 'bottle',
  age: null, volume_ml: 700, abv: 40, cask_type: null, cask_number: null, bottled_at: null, distilled_at: null,
  bulk_litres: null, regauge_date: null, rla: null, ...over,
});

export const someStats = (over: Partial<BidStats> = {}): BidStats => ({
  step: '5.00', current_bid: null, is_winning: false, current_user_bid: null, opening_bid: '10.00', next_minimum_bid: '10.00',
  has_bids: false, ...over,
});

export const aLot = (over: Partial<Lot> = {}, stats: Partial<BidStats> = {}): Lot => ({
  id: '1', slug: 'lot-1', reference_no: 'A-1', auction: 'auction-1', warehouse: null, reserve_fee: '0.00', reserve_price: null,
  has_reserve: false, reserve_met: true, is_watched: false, is_group_lot: false, group_items: [], custom_title: null,
  custom_subtitle: null, custom_description: null, on_bidding: true, extra_time: null, start_date: '2025-06-01T12:00:00Z',
  end_date: '2025-06-02T12:00:00Z', featured: false, vat_enabled: false, bid_count: 0, withdrawn: false, withdrawal_reason: null,
  status: 'live', hammer_price: null, photos: [], item: anItem(), bid_stats: someStats(stats), ...over,
});

export const anAuction = (over: Partial<Auction> = {}): Auction => ({
  id: 'auction-1', start_date: '2025-06-01T12:00:00Z', end_date: '2025-06-08T12:00:00Z', year: 2025, sequence_no: 1,
  bottles_add_deadline: '2025-05-25T12:00:00Z', status: 'live', finished: false, lot_count: 0, ...over,
});
