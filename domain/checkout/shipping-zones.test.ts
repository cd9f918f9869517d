import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { COUNTRIES } from '../addresses/countries';
import { carrierForCode, carrierForCountry, NON_DELIVERABLE_ZONE, shippingCountries, UK_ZONE } from './shipping-zones';

test('the UK zone is DPD: Great Britain and Northern Ireland, the Isle of Man, Jersey, Guernsey', () => {
  assert.is(carrierForCountry('united-kingdom'), 'DPD');
  assert.is(carrierForCountry('isle-of-man'), 'DPD');
  assert.is(carrierForCountry('jersey'), 'DPD');
  assert.is(carrierForCountry('guernsey'), 'DPD');
  assert.equal(COUNTRIES.filter((c) => carrierForCode(c.code) === 'DPD').map((c) => c.code).sort(), [...UK_ZONE].sort());
});

test('Europe is DHL, the rest of the world UPS', () => {
  for (const slug of ['france', 'germany', 'ireland', 'switzerland', 'norway', 'ukraine', 'gibraltar']) assert.is(carrierForCountry(slug), 'DHL', slug);
  for (const slug of ['united-states', 'canada', 'japan', 'australia', 'turkey', 'china']) assert.is(carrierForCountry(slug), 'UPS', slug);
});

test('the Non Deliverable Zone: sanctions, embargo, dry countries, no service; unknown slugs are null', () => {
  for (const slug of ['russian-federation', 'belarus', 'iran-islamic-republic-of', 'korea-democratic-peoples-republic-of', 'syrian-arab-republic', 'cuba', 'saudi-arabia', 'antarctica']) {
    assert.is(carrierForCountry(slug), 'Non Deliverable Zone', slug);
  }
  assert.is(carrierForCountry('narnia'), null);
  for (const n of NON_DELIVERABLE_ZONE) assert.ok(COUNTRIES.some((c) => c.code === n.code), `${n.code} is a known country`);
  const shipping = shippingCountries();
  assert.is(shipping.length, COUNTRIES.length - NON_DELIVERABLE_ZONE.length);
  assert.not.ok(shipping.some((c) => c.code === 'RU'));
  assert.ok(shipping.some((c) => c.code === 'GB'));
});

test.run();
