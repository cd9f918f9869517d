import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mergeNotifications, unreadCount, type AppNotification } from './notification-list';

const n = (id: string, minute: number, is_read = false): AppNotification => ({ id, is_read, text: id, created_at: `2025-06-01T12:${String(minute).padStart(2, '0')}:00Z` });

test('newest first, at most 15', () => {
  const loaded = Array.from({ length: 20 }, (_, i) => n(`a${i}`, i));
  const merged = mergeNotifications([], loaded);
  assert.is(merged.length, 15);
  assert.is(merged[0].id, 'a19');
  assert.is(merged[14].id, 'a5');
});

test('a live push goes first and the oldest drops out', () => {
  const list = Array.from({ length: 15 }, (_, i) => n(`a${i}`, 14 - i));
  const merged = mergeNotifications(list, [n('new', 30)]);
  assert.is(merged[0].id, 'new');
  assert.is(merged.length, 15);
  assert.not.ok(merged.some((x) => x.id === 'a14'));
});

test('the same id from the list and the push is one entry, and read stays read', () => {
  const merged = mergeNotifications([n('x', 5, true)], [n('x', 5, false), n('y', 4)]);
  assert.equal(merged.map((x) => [x.id, x.is_read]), [['x', true], ['y', false]]);
  assert.is(unreadCount(merged), 1);
});

test('a push without a time counts as the newest', () => {
  const merged = mergeNotifications([n('old', 59)], [{ id: 'live', text: 'now' }]);
  assert.is(merged[0].id, 'live');
});

test.run();
