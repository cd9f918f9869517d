import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../../shared/given-when-then';
import { MAX_RECEIVE_PHOTOS, sellRequestDecider } from './decide';
import { unsoldLotDecider } from './unsold-lot';
import type { SubmitSellRequest } from './commands';
import type { SellItem, SellRequestEvent, SellRequestPhoto } from './events';
import { requestStatus } from './state';
import { PICK_UP_NOT_FUTURE, PICK_UP_WEEKEND } from './pick-up-date';
import { SELL_MSG } from './messages';

// Monday 23 November 2026, noon in London.
const NOW = '2026-11-23T12:00:00.000Z';
const item = (id: string, over: Partial<SellItem> = {}): SellItem => ({
  item_id: id, title: `Bottle ${id}`, distillery: null, type: 'bottle', age: null, volume_ml: 700, abv: 40, quantity: 1, description: null,
  estimate_low_pence: null, estimate_high_pence: null, source_lot_id: null, ...over,
});
const submit = (over: Partial<SubmitSellRequest> = {}): SubmitSellRequest => ({
  type: 'SubmitSellRequest', request_id: 'r1', reference: 'S-000001', user_id: 'u1', kind: 'new_items', delivery: 'courier_collection',
  auction: { id: 'a1', bottles_add_deadline: '2026-12-01T00:00:00.000Z' }, items: [item('i1'), item('i2')], address: null, note: null,
  valuation_id: null, payout_method_id: 'pm1', boxes: 2, insurance: true, pick_up_date: '2026-11-25', consigned_lots: {}, now: NOW, ...over,
});
const submitted = (): SellRequestEvent[] => given(sellRequestDecider).when(submit()).events();

test('a courier request records the pick-up date and boxes', () => {
  const [e] = submitted();
  assert.is(e.type, 'SellRequestSubmitted');
  if (e.type !== 'SellRequestSubmitted') return;
  assert.equal([e.data.pick_up_date, e.data.boxes, e.data.insurance, e.data.delivery, e.data.at], ['2026-11-25', 2, true, 'courier_collection', NOW]);
});

test('pick-up date: weekend and not-future days are refused with the spec messages', () => {
  const error = (date: string) => given(sellRequestDecider).when(submit({ pick_up_date: date })).thenError('validation');
  assert.equal((error('2026-11-28') as unknown as { fields: unknown }).fields, { pick_up_date: [PICK_UP_WEEKEND] });
  assert.equal((error('2026-11-29') as unknown as { fields: unknown }).fields, { pick_up_date: [PICK_UP_WEEKEND] });
  assert.equal((error('2026-11-23') as unknown as { fields: unknown }).fields, { pick_up_date: [PICK_UP_NOT_FUTURE] });
  assert.equal((error('2026-11-20') as unknown as { fields: unknown }).fields, { pick_up_date: [PICK_UP_NOT_FUTURE] });
  assert.equal((error('2026-02-30') as unknown as { fields: unknown }).fields, { pick_up_date: [PICK_UP_NOT_FUTURE] });
  assert.is(PICK_UP_WEEKEND, 'Please select any future day except weekend');
  assert.is(PICK_UP_NOT_FUTURE, 'Enter correct future date');
  // Late on Monday evening in London (already Tuesday in UTC+ zones) Tuesday is still the future.
  given(sellRequestDecider).when(submit({ pick_up_date: '2026-11-24', now: '2026-11-23T23:30:00.000Z' })).events();
});

test('the date matters only for courier collection; sent items need none', () => {
  const [e] = given(sellRequestDecider).when(submit({ delivery: 'send_items', pick_up_date: '2026-11-28', boxes: null })).events();
  if (e.type !== 'SellRequestSubmitted') return assert.unreachable();
  assert.equal([e.data.pick_up_date, e.data.boxes, e.data.insurance], [null, null, null]);
});

test('the auction must still take bottles', () => {
  given(sellRequestDecider).when(submit({ auction: { id: 'a1', bottles_add_deadline: NOW } })).thenError('validation');
  const e = given(sellRequestDecider).when(submit({ auction: { id: 'a1', bottles_add_deadline: '2026-11-01T00:00:00Z' } })).thenError('validation');
  assert.equal((e as unknown as { fields: unknown }).fields, { auction_id: [SELL_MSG.deadlinePassed] });
});

test('from storage: submitted and every item consigned at once by the seller', () => {
  const events = given(sellRequestDecider).when(submit({
    kind: 'from_storage', delivery: null, pick_up_date: null, boxes: null, items: [item('i1', { source_lot_id: 'old1' })], consigned_lots: { i1: 'new1' },
  })).events();
  assert.equal(events.map((e) => e.type), ['SellRequestSubmitted', 'SellRequestItemConsigned']);
  assert.equal(events[1].data, { request_id: 'r1', item_id: 'i1', lot_id: 'new1', auction_id: 'a1', by: 'u1', at: NOW });
});

test('staff receive, then consign each item; the status follows', () => {
  const history = submitted();
  const received = given(sellRequestDecider, history).when({ type: 'ReceiveSellRequestItem', request_id: 'r1', item_id: 'i1', condition_note: ' Label scuffed ', photos: [], by: 'staff', now: NOW });
  assert.equal(received.events(), [{ type: 'SellRequestItemReceived', data: { request_id: 'r1', item_id: 'i1', condition_note: 'Label scuffed', photos: [], by: 'staff', at: NOW } }]);
  assert.is(requestStatus(received.state().items), 'partly_received');
  const after = [...history, ...received.events()];
  given(sellRequestDecider, after).when({ type: 'ReceiveSellRequestItem', request_id: 'r1', item_id: 'i1', condition_note: '', photos: [], by: 'staff', now: NOW }).thenError('conflict', SELL_MSG.alreadyReceived);
  given(sellRequestDecider, after).when({ type: 'ConsignSellRequestItem', request_id: 'r1', item_id: 'i2', lot_id: 'l2', auction_id: 'a1', by: 'staff', now: NOW, relist_of: null })
    .thenError('rule_broken', SELL_MSG.notReceived);
  const consigned = given(sellRequestDecider, after).when({ type: 'ConsignSellRequestItem', request_id: 'r1', item_id: 'i1', lot_id: 'l1', auction_id: 'a1', by: 'staff', now: NOW, relist_of: null });
  assert.is(consigned.state().items[0].lotId, 'l1');
  given(sellRequestDecider, after).when({ type: 'ReceiveSellRequestItem', request_id: 'r1', item_id: 'nope', condition_note: '', photos: [], by: 'staff', now: NOW }).thenError('not_found');
  given(sellRequestDecider, after).when({ type: 'ReceiveSellRequestItem', request_id: 'other', item_id: 'i1', condition_note: '', photos: [], by: 'staff', now: NOW }).thenError('not_found');
});

test('the received event carries the photos staff took, in order; more than ten are refused', () => {
  const photo = (n: number): SellRequestPhoto => ({ image_id: `p${n}`, file: `p${n}.jpg`, thumb: `p${n}-thumb.webp`, content_type: 'image/jpeg', size_bytes: 1000 + n });
  const receive = (photos: SellRequestPhoto[]) =>
    given(sellRequestDecider, submitted()).when({ type: 'ReceiveSellRequestItem', request_id: 'r1', item_id: 'i2', condition_note: 'Seal intact', photos, by: 'staff', now: NOW });
  const [e] = receive([photo(1), photo(2)]).events();
  assert.equal(e, { type: 'SellRequestItemReceived', data: { request_id: 'r1', item_id: 'i2', condition_note: 'Seal intact', photos: [photo(1), photo(2)], by: 'staff', at: NOW } });
  assert.is(receive(Array.from({ length: MAX_RECEIVE_PHOTOS }, (_, i) => photo(i))).events().length, 1);
  receive(Array.from({ length: MAX_RECEIVE_PHOTOS + 1 }, (_, i) => photo(i))).thenError('validation');
  // An event recorded before photos existed (no `photos`) still folds into a received item.
  const old = { type: 'SellRequestItemReceived' as const, data: { request_id: 'r1', item_id: 'i1', condition_note: '', by: 'staff', at: NOW } };
  given(sellRequestDecider, [...submitted(), old]).when({ type: 'ReceiveSellRequestItem', request_id: 'r1', item_id: 'i1', condition_note: '', photos: [], by: 'staff', now: NOW })
    .thenError('conflict', SELL_MSG.alreadyReceived);
});

test('request status', () => {
  assert.is(requestStatus([{ status: 'expected' }, { status: 'expected' }]), 'submitted');
  assert.is(requestStatus([{ status: 'received' }, { status: 'received' }]), 'received');
  assert.is(requestStatus([{ status: 'consigned' }, { status: 'returned' }]), 'consigned');
  assert.is(requestStatus([{ status: 'returned' }]), 'closed');
});

test('an unsold lot is relisted or returned once; a sold one never', () => {
  const relist = { type: 'RelistUnsoldLot' as const, lot_id: 'l1', seller_id: 's', outcome: 'unsold', new_lot_id: 'l2', auction_id: 'a2', by: 'staff', now: NOW };
  const events = given(unsoldLotDecider).when(relist).events();
  assert.equal(events, [{ type: 'UnsoldLotRelisted', data: { lot_id: 'l1', new_lot_id: 'l2', auction_id: 'a2', seller_id: 's', by: 'staff', at: NOW } }]);
  given(unsoldLotDecider, events).when({ type: 'ReturnUnsoldLot', lot_id: 'l1', seller_id: 's', outcome: 'unsold', note: '', by: 'staff', now: NOW }).thenError('conflict');
  given(unsoldLotDecider).when({ ...relist, outcome: 'sold' }).thenError('rule_broken', SELL_MSG.onlyUnsold);
  given(unsoldLotDecider).when({ ...relist, outcome: null }).thenError('rule_broken', SELL_MSG.onlyUnsold);
});

test.run();
