import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { craftedLotStory, type CraftedShape } from './crafted-lots';
import type { LotEvent } from '../../../domain/catalogue/lot/events';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';
const startsAt = new Date('2026-10-01T10:00:00Z');
const endsAt = new Date('2026-10-08T18:00:00Z');
const story = (shape: CraftedShape) =>
  craftedLotStory({ shape, index: 1, auctionId: 'a1', sellerId: 'seller', staffId: 'staff', bidderIds: [A, B, C], startsAt, endsAt });
const closed = (events: LotEvent[]) => events.find((e) => e.type === 'LotClosed')!.data as Extract<LotEvent, { type: 'LotClosed' }>['data'];

test('tie: the earlier of two equal maxima wins at that maximum', () => {
  const c = closed(story('tie').events);
  assert.equal([c.outcome, c.winner_id, c.hammer_price], ['sold', A, 25_000]);
});

test('reserve jump: a maximum above the reserve lifts the price to the reserve', () => {
  const bids = story('reserve-jump').events.filter((e) => e.type === 'BidPlaced');
  assert.is((bids[1].data as { current_price: number }).current_price, 40_000);
  assert.equal([closed(story('reserve-jump').events).winner_id, closed(story('reserve-jump').events).outcome], [B, 'sold']);
});

test('reserve lowered: the seller moves the reserve under the standing price and the lot sells', () => {
  const events = story('reserve-lowered').events;
  assert.ok(events.some((e) => e.type === 'ReservePriceChanged'));
  assert.equal([closed(events).outcome, closed(events).winner_id], ['sold', B]);
});

test('extension: bids in the last minutes extend the end, and the close comes after the new end', () => {
  const events = story('extension').events;
  const extended = events.filter((e) => e.type === 'BidPlaced' && (e.data as { extended: boolean }).extended);
  assert.is(extended.length, 2);
  assert.ok(new Date(closed(events).ends_at) > endsAt);
});

test('unsold: the reserve is never met', () => {
  const c = closed(story('unsold').events);
  assert.equal([c.outcome, c.winner_id], ['unsold', null]);
});

test.run();
