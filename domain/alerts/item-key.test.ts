import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { itemKey, lotItemKeys, normaliseItemName } from './item-key';

test('the same bottle written differently has one key', () => {
  assert.is(normaliseItemName('  Glen-Garioch  1797 Founder\'s Reserve '), 'glen garioch 1797 founder s reserve');
  assert.is(itemKey('Bruichladdich', 'Port Charlotte 10'), itemKey(' bruichladdich', 'PORT  charlotte-10'));
  assert.is(itemKey('Glenfarclas', 'Crème'), itemKey('GLENFARCLAS', 'creme'));
});

test('different bottles or distilleries have different keys; keys are version 5 UUIDs', () => {
  assert.is.not(itemKey('Macallan', 'Macallan 18'), itemKey('Macallan', 'Macallan 12'));
  assert.is.not(itemKey('Ardbeg', 'Ten'), itemKey('Laphroaig', 'Ten'));
  assert.is.not(itemKey('a b', 'c'), itemKey('a', 'b c'), 'the distillery/title boundary counts');
  assert.match(itemKey('Ardbeg', 'Ten'), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('a lot lists its item and group item keys once each', () => {
  const d = { name: 'Ardbeg' };
  const keys = lotItemKeys({ item: { title: 'Ten', distillery: d }, group_items: [{ title: 'Uigeadail', distillery: d }, { title: 'Ten', distillery: d }] });
  assert.equal(keys, [itemKey('Ardbeg', 'Ten'), itemKey('Ardbeg', 'Uigeadail')]);
});

test.run();
