/** The live feed's lot states name each lot as it is shown: its custom title, else its item's title, edits included. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { StoredEvent } from '../../infra/event-store/types';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { consigned, ITEM, LOT, STAFF } from '../../domain/catalogue/lot/test-fixtures';
import { LiveLots } from './live-lots';

const stored = (event: LotEvent, version: number): StoredEvent => ({
  position: version, transaction_id: String(version), stream_id: `lot-${LOT}`, stream_version: version, event_id: `e${version}`,
  type: event.type, data: event.data, metadata: {}, created_at: new Date(0),
});

const edited = (title: string): LotEvent => ({
  type: 'LotEdited',
  data: {
    lot_id: LOT, item: { ...ITEM, title }, opening_bid_pence: 1_000, reserve_price_pence: null, next_minimum_bid: 1_000,
    changed: ['item.title'], edited_by: STAFF, edited_at: '2025-02-20T10:00:00.000Z',
  },
});

test('an edited item title renames a lot without a custom title, as it is applied and when loaded from its stream', async () => {
  const events = [stored(consigned(), 1), stored(edited('Macallan 18 Double Cask'), 2)];
  const tailing = new LiveLots(async () => []);
  assert.is((await tailing.apply(events[0]))!.title, 'Macallan 18');
  assert.is((await tailing.apply(events[1]))!.title, 'Macallan 18 Double Cask');
  // A process that starts after the edit loads the stream first.
  const later = new LiveLots(async () => events);
  const next = stored({ type: 'LotFeaturedSet', data: { lot_id: LOT, featured: true, set_by: STAFF, set_at: '2025-02-21T10:00:00.000Z' } }, 3);
  assert.is((await later.apply(next))!.title, 'Macallan 18 Double Cask');
});

test('a custom title stays the title shown whatever the edit', async () => {
  const lots = new LiveLots(async () => []);
  await lots.apply(stored(consigned({ custom_title: 'The Sherry Bomb' }), 1));
  assert.is((await lots.apply(stored(edited('Macallan 18 Double Cask'), 2)))!.title, 'The Sherry Bomb');
});

test.run();
