import { test } from 'uvu';
import { given } from '../../shared/given-when-then';
import { watchingDecider } from './decide';
import type { WatchingCommand } from './commands';
import type { WatchingEvent } from './events';

const NOW = '2026-01-01T10:00:00.000Z';
const add = (lot = 'lot-1'): WatchingCommand => ({ type: 'AddLotToWatchingList', user_id: 'u1', lot_id: lot, now: NOW });
const remove = (lot = 'lot-1'): WatchingCommand => ({ type: 'RemoveLotFromWatchingList', user_id: 'u1', lot_id: lot, now: NOW });
const added = (lot = 'lot-1'): WatchingEvent => ({ type: 'WatchingListLotAdded', data: { user_id: 'u1', lot_id: lot, added_at: NOW } });
const removed = (lot = 'lot-1'): WatchingEvent => ({ type: 'WatchingListLotRemoved', data: { user_id: 'u1', lot_id: lot, removed_at: NOW } });

test('adding a lot records it once', () => {
  given(watchingDecider, []).when(add()).thenEvents([added()]);
  given(watchingDecider, [added()]).when(add()).thenNothing();
  given(watchingDecider, [added('lot-2')]).when(add()).thenEvents([added()]);
});

test('removing a watched lot records it; removing an unwatched one changes nothing', () => {
  given(watchingDecider, [added()]).when(remove()).thenEvents([removed()]);
  given(watchingDecider, []).when(remove()).thenNothing();
  given(watchingDecider, [added(), removed()]).when(remove()).thenNothing();
  given(watchingDecider, [added(), removed()]).when(add()).thenEvents([added()]);
});

test('a bad instant is refused', () => {
  given(watchingDecider, []).when({ ...add(), now: 'soon' } as WatchingCommand).thenError('validation');
});

test.run();
