import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import { alertsDecider, KEYWORDS_PER_USER } from './decide';
import type { AlertsCommand } from './commands';
import type { AlertsEvent } from './events';

const NOW = '2026-01-01T10:00:00.000Z';
const item = (id: string) => ({ item_id: id, title: `Title ${id}`, distillery: 'Ardbeg' });
const follow = (...ids: string[]): AlertsCommand => ({ type: 'FollowItems', user_id: 'u1', items: ids.map(item), now: NOW });
const unfollow = (...ids: string[]): AlertsCommand => ({ type: 'UnfollowItems', user_id: 'u1', item_ids: ids, now: NOW });
const followed = (id: string): AlertsEvent => ({ type: 'ItemFollowed', data: { user_id: 'u1', ...item(id), followed_at: NOW } });
const unfollowed = (id: string): AlertsEvent => ({ type: 'ItemUnfollowed', data: { user_id: 'u1', item_id: id, unfollowed_at: NOW } });
const addKw = (word: string, id = 'k1'): AlertsCommand => ({ type: 'AddKeyword', user_id: 'u1', keyword_id: id, word, now: NOW });
const kwAdded = (word: string, id = 'k1'): AlertsEvent => ({ type: 'KeywordAdded', data: { user_id: 'u1', keyword_id: id, word, added_at: NOW } });
const removeKw = (id = 'k1'): AlertsCommand => ({ type: 'RemoveKeyword', user_id: 'u1', keyword_id: id, now: NOW });
const kwRemoved = (id = 'k1'): AlertsEvent => ({ type: 'KeywordRemoved', data: { user_id: 'u1', keyword_id: id, removed_at: NOW } });

test('following items records each new one once', () => {
  given(alertsDecider, []).when(follow('a', 'b', 'a')).thenEvents([followed('a'), followed('b')]);
  given(alertsDecider, [followed('a')]).when(follow('a', 'b')).thenEvents([followed('b')]);
  given(alertsDecider, [followed('a')]).when(follow('a')).thenNothing();
  given(alertsDecider, [followed('a'), unfollowed('a')]).when(follow('a')).thenEvents([followed('a')]);
});

test('unfollowing records only followed items', () => {
  given(alertsDecider, [followed('a'), followed('b')]).when(unfollow('a', 'c', 'a')).thenEvents([unfollowed('a')]);
  given(alertsDecider, []).when(unfollow('a')).thenNothing();
  given(alertsDecider, [followed('a'), unfollowed('a')]).when(unfollow('a')).thenNothing();
});

test('a keyword is trimmed, its inner spaces collapsed', () => {
  given(alertsDecider, []).when(addKw('  Port   Ellen ')).thenEvents([kwAdded('Port Ellen')]);
});

test('keyword bounds: 2 to 50 characters once trimmed, with a letter or digit', () => {
  given(alertsDecider, []).when(addKw(' a ')).thenError('validation');
  given(alertsDecider, []).when(addKw('ab')).thenEvents([kwAdded('ab')]);
  given(alertsDecider, []).when(addKw('x'.repeat(50))).thenEvents([kwAdded('x'.repeat(50))]);
  const long = given(alertsDecider, []).when(addKw('x'.repeat(51))).thenError('validation');
  assert.equal((long as unknown as { fields: unknown }).fields, { word: ['Ensure this field has no more than 50 characters.'] });
  const short = given(alertsDecider, []).when(addKw('  ')).thenError('validation');
  assert.equal((short as unknown as { fields: unknown }).fields, { word: ['Ensure this field has at least 2 characters.'] });
  given(alertsDecider, []).when(addKw('--')).thenError('validation');
});

test('a duplicate keyword is refused whatever its case; a removed one may come back', () => {
  const dup = given(alertsDecider, [kwAdded('Ardbeg')]).when(addKw(' ARDBEG', 'k2')).thenError('validation');
  assert.equal((dup as unknown as { fields: unknown }).fields, { word: ['You already have this keyword.'] });
  given(alertsDecider, [kwAdded('Ardbeg'), kwRemoved()]).when(addKw('ardbeg', 'k2')).thenEvents([kwAdded('ardbeg', 'k2')]);
  given(alertsDecider, [kwAdded('Ardbeg')]).when(addKw('Ardbeg')).thenNothing();
});

test('at most 100 keywords', () => {
  const full = Array.from({ length: KEYWORDS_PER_USER }, (_, i) => kwAdded(`word ${i}`, `k${i}`));
  const e = given(alertsDecider, full).when(addKw('one more', 'kx')).thenError('validation');
  assert.match((e as unknown as { fields: { word: string[] } }).fields.word[0]!, /at most 100 keywords/);
  given(alertsDecider, [...full, kwRemoved('k0')]).when(addKw('one more', 'kx')).thenEvents([kwAdded('one more', 'kx')]);
});

test('removing a keyword: own and present only', () => {
  given(alertsDecider, [kwAdded('Ardbeg')]).when(removeKw()).thenEvents([kwRemoved()]);
  given(alertsDecider, []).when(removeKw()).thenError('not_found', 'Keyword not found.');
  given(alertsDecider, [kwAdded('Ardbeg'), kwRemoved()]).when(removeKw()).thenError('not_found');
});

test('a bad instant is refused', () => {
  given(alertsDecider, []).when({ ...follow('a'), now: 'soon' }).thenError('validation');
});

test.run();
