import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  ADDRESS_MSG, addressLines, deliverable, emptyAddress, fromSaved, preferredAddress, sameAddress, validateAddress,
} from './address-rules';
import type { SavedAddress } from '../api/addresses';

test('address rules: the spec\'s messages; the phone checked for the address\'s country', () => {
  const a = { ...emptyAddress(), phone_number: '12' };
  assert.equal(validateAddress(a), {
    country: ADDRESS_MSG.country, street: 'This field is required', city: 'This field is required',
    zip_code: "Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed", phone_number: 'Phone number is invalid!',
  });
  const ok = { ...emptyAddress('united-kingdom'), street: '1 High St', city: 'Edinburgh', zip_code: 'EH1 1AA', phone_number: '0131 496 0000' };
  assert.equal(validateAddress(ok, 'GB'), {});
  assert.equal(validateAddress({ ...ok, zip_code: 'EH1-1AA' }, 'GB'), {}, 'hyphens are allowed');
  assert.is(validateAddress({ ...ok, zip_code: 'EH1 1AA 1234' }, 'GB').zip_code, ADDRESS_MSG.zip, 'at most 10');
  assert.is(validateAddress({ ...ok, city: 'Edinburgh 2' }, 'GB').city, 'Only letters, spaces, slashes or hyphens, 1 to 150');
  assert.equal(validateAddress({ ...ok, city: 'Saint-Étienne / Loire' }, 'GB'), {});
  assert.is(validateAddress({ ...ok, phone_number: '0131 496 0000' }, 'FR').phone_number, ADDRESS_MSG.phone, 'a UK number is not French');
  assert.equal(validateAddress({ ...ok, phone_number: '+44 131 496 0000' }, 'FR'), {}, 'an international number is its own country\'s');
});

test('saved addresses: the last changed billing one first, else the default; carriers; equality; lines', () => {
  const saved = (id: string, over: Partial<SavedAddress> = {}): SavedAddress => ({
    id, addr_type: 'BILLING', user: 'u', is_default: false, country: 'united-kingdom', region: '', city: 'Leith', street: `${id} Shore`,
    apartment: '', zip_code: 'EH6 6QW', type_delivery: 'DPD', name: '', company: '', phone_number: '', isLastModifyed: false,
    created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', ...over,
  });
  const list = [saved('1'), saved('2', { is_default: true }), saved('3', { isLastModifyed: true })];
  assert.is(preferredAddress(list, 'billing')?.id, '3');
  assert.is(preferredAddress(list, 'shipping')?.id, '2');
  assert.is(preferredAddress([saved('9')], 'shipping')?.id, '9');
  assert.is(preferredAddress([], 'billing'), null);
  assert.is(fromSaved(list[0]).id, '1');
  assert.is(deliverable({ delivery: 'Non Deliverable Zone' }), false);
  assert.is(deliverable({ delivery: ['DHL'] }), true);
  assert.is(sameAddress(fromSaved(list[0]), { ...fromSaved(list[0]), id: undefined, type_delivery: '' }), true);
  assert.is(sameAddress(fromSaved(list[0]), fromSaved(list[1])), false);
  assert.equal(addressLines(fromSaved(list[0]), 'United Kingdom'), ['1 Shore', 'Leith', 'EH6 6QW · United Kingdom']);
});

test.run();
