import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { moneyInput } from './money-input';

test('decimal strings and numbers of pounds become pence', () => {
  assert.is(moneyInput.parse('125'), 12_500);
  assert.is(moneyInput.parse('125.5'), 12_550);
  assert.is(moneyInput.parse(' 0.99 '), 99);
  assert.is(moneyInput.parse(125.25), 12_525);
});

test('bad, negative, over-precise, exponent and oversized amounts are refused', () => {
  for (const bad of ['abc', '-5', '1.234', '', 1e21, -1, '10000001', true]) {
    assert.is(moneyInput.safeParse(bad).success, false, `accepted ${String(bad)}`);
  }
});

test.run();
