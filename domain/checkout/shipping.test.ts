import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RuleBroken } from '../shared/errors';
import { CARRIER_PRICES, isDeliverable, shippingPence } from './shipping';
import type { Carrier } from './types';

test('shipping is the first bottle plus each further one, by carrier', () => {
  const table: [Carrier, number, number][] = [
    ['DPD', 1, 1250], ['DPD', 2, 1500], ['DPD', 5, 2250],
    ['DHL', 1, 3500], ['DHL', 3, 4500],
    ['UPS', 1, 6000], ['UPS', 4, 9000],
  ];
  for (const [carrier, bottles, pence] of table) assert.is(shippingPence(carrier, bottles), pence, `${carrier} × ${bottles}`);
});

test('no bottles ship for nothing', () => {
  for (const carrier of Object.keys(CARRIER_PRICES) as Carrier[]) assert.is(shippingPence(carrier, 0), 0);
});

test('a Non Deliverable Zone (or an unknown zone) is refused with the spec message', () => {
  for (const carrier of ['Non Deliverable Zone', null] as const) {
    for (const bottles of [0, 1, 3]) {
      assert.throws(
        () => shippingPence(carrier, bottles),
        (e: unknown) => e instanceof RuleBroken && e.message === 'We do not ship to this country. Please select an alternative shipping address.',
      );
    }
  }
  assert.is(isDeliverable('Non Deliverable Zone'), false);
  assert.is(isDeliverable(null), false);
  assert.is(isDeliverable('UPS'), true);
});

test('a negative or fractional bottle count is a programming error', () => {
  assert.throws(() => shippingPence('DPD', -1));
  assert.throws(() => shippingPence('DPD', 1.5));
});

test.run();
