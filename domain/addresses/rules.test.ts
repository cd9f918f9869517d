import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../shared/errors';
import { addressFields, checkCity, checkCountry, checkPhone, checkRegion, checkZipCode, type AddressInput } from './rules';
import { findCountry } from './countries';

const HOME: AddressInput = {
  country: 'united-kingdom', region: 'Edinburgh, City of', city: 'Edinburgh', street: '12 Royal Mile', apartment: 'Flat 3', zip_code: 'EH1 1AA',
  name: 'Isla Grant', company: '', phone_number: '07400 123456',
};

const fieldsOf = (input: AddressInput) => {
  try {
    addressFields(input);
  } catch (e) {
    if (e instanceof ValidationError) return e.fields;
    throw e;
  }
  assert.unreachable('expected field errors');
  return {};
};

const uk = findCountry('united-kingdom')!;
const us = findCountry('united-states')!;

test('a good address is normalised: trimmed, the region by its name, the phone in international form', () => {
  assert.equal(addressFields({ ...HOME, city: '  Edinburgh ', region: 'edh', zip_code: ' EH1  1AA ', company: null, apartment: undefined }), {
    country: 'united-kingdom', region: 'Edinburgh, City of', city: 'Edinburgh', street: '12 Royal Mile', apartment: '', zip_code: 'EH1 1AA',
    name: 'Isla Grant', company: '', phone_number: '+44 7400 123456',
  });
});

test('country: required ("This field is required!") and one of the list, by slug', () => {
  assert.equal(checkCountry(''), { error: 'This field is required!' });
  assert.equal(checkCountry(null), { error: 'This field is required!' });
  assert.equal(checkCountry('narnia'), { error: 'Select a country from the list.' });
  assert.equal(checkCountry('GB'), { error: 'Select a country from the list.' }, 'a slug, not a code');
  assert.is(checkCountry(' United-Kingdom ').value?.code, 'GB');
});

test('region: optional; one of the country\'s regions when it has any, by name or code', () => {
  assert.equal(checkRegion(us, ''), { value: '' });
  assert.equal(checkRegion(us, 'new york'), { value: 'New York' });
  assert.equal(checkRegion(us, 'NY'), { value: 'New York' });
  assert.equal(checkRegion(us, 'District of Columbia'), { value: 'District of Columbia' });
  assert.equal(checkRegion(us, 'Bavaria'), { error: 'Select a region of the chosen country.' });
  assert.equal(checkRegion(uk, 'New York'), { error: 'Select a region of the chosen country.' });
  assert.equal(checkRegion(null, 'Anywhere'), { value: 'Anywhere' }, 'no country: checked with the country field');
});

test('city: required, 1 to 150 letters (any script), spaces, slashes or hyphens', () => {
  assert.equal(checkCity(''), { error: 'This field is required' });
  for (const ok of ['Edinburgh', 'Stoke-on-Trent', 'Zürich', 'Łódź', 'Biel/Bienne', 'Москва', 'a'.repeat(150)]) assert.equal(checkCity(ok), { value: ok }, ok);
  for (const bad of ['Flat 9', 'St. Albans', 'a'.repeat(151), 'Paris!']) assert.equal(checkCity(bad), { error: 'Only letters, spaces, slashes or hyphens, 1 to 150' }, bad);
});

test('zip code: required, 1 to 10 letters, digits, spaces or hyphens', () => {
  assert.equal(checkZipCode(''), { error: 'This field is required' });
  for (const ok of ['EH1 1AA', '10115', '1234-567', 'K1A 0B1', 'A', '1234567890']) assert.equal(checkZipCode(ok), { value: ok }, ok);
  for (const bad of ['12345678901', 'EH1_1AA', 'Ö1234', '#1']) {
    assert.equal(checkZipCode(bad), { error: "Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed" }, bad);
  }
});

test('phone: optional; valid for the address\'s country (libphonenumber-js), or in +CC form for its own', () => {
  const fr = findCountry('france')!;
  assert.equal(checkPhone(uk, ''), { value: '' });
  assert.equal(checkPhone(fr, '06 12 34 56 78'), { value: '+33 6 12 34 56 78' });
  assert.equal(checkPhone(fr, '+44 7400 123456'), { value: '+44 7400 123456' });
  assert.equal(checkPhone(us, '(212) 555-0100'), { value: '+1 212 555 0100' });
  for (const bad of ['06 12 34 56 78', '12', 'call me', '+44 12', `+44 7400 123456 ${'0'.repeat(240)}`]) {
    assert.equal(checkPhone(uk, bad), { error: 'Phone number is invalid!' }, bad);
  }
  assert.equal(checkPhone(null, '07400 123456'), { value: '+44 7400 123456' }, 'GB by default');
});

test('every field\'s message at once, in form order', () => {
  assert.equal(fieldsOf({}), {
    country: ['This field is required!'], city: ['This field is required'], street: ['This field is required'], zip_code: ['This field is required'],
  });
  assert.equal(fieldsOf({ ...HOME, region: 'Texas', city: 'Edinburgh 1', zip_code: 'EH1 1AA 1234', phone_number: '0123', street: 'x'.repeat(256) }), {
    region: ['Select a region of the chosen country.'], city: ['Only letters, spaces, slashes or hyphens, 1 to 150'],
    street: ['Ensure this field has no more than 255 characters.'], zip_code: ["Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed"],
    phone_number: ['Phone number is invalid!'],
  });
});

test.run();
