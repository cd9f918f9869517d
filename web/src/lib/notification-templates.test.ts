import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TEMPLATES } from '../../../domain/notifications/templates';
import { TEMPLATE_KEYS, TEMPLATE_NAMES, toggleOptOut } from './notification-templates';

test('a readable name for each of the 16 templates the server knows', () => {
  assert.is(TEMPLATE_KEYS.length, 16);
  assert.equal([...TEMPLATE_KEYS].sort(), [...TEMPLATES].sort());
  assert.is(new Set(Object.values(TEMPLATE_NAMES)).size, 16, 'names are distinct');
});

test('turning an email off and on again', () => {
  const off = toggleOptOut([], 'outbid', false);
  assert.equal(off, ['outbid']);
  assert.equal(toggleOptOut(off, 'outbid', false), ['outbid'], 'no duplicates');
  assert.equal(toggleOptOut(['you_are_paid', 'outbid'], 'won_items', false), ['outbid', 'won_items', 'you_are_paid'], 'stable order');
  assert.equal(toggleOptOut(off, 'outbid', true), []);
});

test.run();
