import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { addressBookDecider } from './decide';
import type { AddAddress, ChangeAddress, RemoveAddress } from './commands';
import type { AddressEvent, AddressFields, AddressType } from './events';
import { MAX_ADDRESSES } from './change-addresses';

const NOW = '2026-11-21T12:00:00.000Z';
const LATER = '2026-11-21T12:05:00.000Z';
const home: AddressFields = {
  country: 'united-kingdom', region: '', city: 'Edinburgh', street: '12 Royal Mile', apartment: '', zip_code: 'EH1 1AA', name: '', company: '',
  phone_number: '',
};
const office: AddressFields = { ...home, street: '1 Princes Street', zip_code: 'EH2 2AN' };

const add = (o: Partial<AddAddress> = {}): AddAddress => ({
  type: 'AddAddress', user_id: 'u-1', address_id: 'a-1', addr_type: 'BILLING', input: home, make_default: false, now: NOW, ...o,
});
const change = (o: Partial<ChangeAddress> = {}): ChangeAddress => ({
  type: 'ChangeAddress', user_id: 'u-1', address_id: 'a-1', addr_type: null, input: {}, make_default: true, now: LATER, ...o,
});
const remove = (o: Partial<RemoveAddress> = {}): RemoveAddress => ({ type: 'RemoveAddress', user_id: 'u-1', address_id: 'a-1', now: LATER, ...o });

const added = (id: string, addr_type: AddressType, address = home, at = NOW): AddressEvent => ({
  type: 'AddressAdded', data: { user_id: 'u-1', address_id: id, addr_type, address, at },
});
const defaulted = (id: string | null, addr_type: AddressType, at = NOW): AddressEvent => ({
  type: 'DefaultAddressChanged', data: { user_id: 'u-1', addr_type, address_id: id, at },
});
const flagged = (id: string | null, at = NOW): AddressEvent => ({
  type: 'LastModifiedAddressChanged', data: { user_id: 'u-1', addr_type: 'BILLING', address_id: id, at },
});

/** Two billing addresses (a-2 the default and last changed) and two shipping ones (s-1 the default). */
const book: AddressEvent[] = [
  added('a-1', 'BILLING'), defaulted('a-1', 'BILLING'), flagged('a-1'),
  added('a-2', 'BILLING', office), defaulted('a-2', 'BILLING'), flagged('a-2'),
  added('s-1', 'SHIPPING'), defaulted('s-1', 'SHIPPING'),
  added('s-2', 'SHIPPING', office),
];

test('a new billing address is the only default and the last changed one', () => {
  given(addressBookDecider, []).when(add()).thenEvents([added('a-1', 'BILLING'), defaulted('a-1', 'BILLING'), flagged('a-1')]);
  const outcome = given(addressBookDecider, book).when(add({ address_id: 'a-3' }));
  outcome.thenEvents([added('a-3', 'BILLING'), defaulted('a-3', 'BILLING'), flagged('a-3')]);
  assert.equal([outcome.state().defaults, outcome.state().lastModified], [{ BILLING: 'a-3', SHIPPING: 's-1' }, { BILLING: 'a-3', SHIPPING: null }]);
});

test('a new shipping address is the default only when it is the first (or when asked)', () => {
  given(addressBookDecider, []).when(add({ address_id: 's-1', addr_type: 'SHIPPING' }))
    .thenEvents([added('s-1', 'SHIPPING'), defaulted('s-1', 'SHIPPING')]);
  given(addressBookDecider, book).when(add({ address_id: 's-3', addr_type: 'SHIPPING' })).thenEvents([added('s-3', 'SHIPPING')]);
  given(addressBookDecider, book).when(add({ address_id: 's-3', addr_type: 'shipping', make_default: true }))
    .thenEvents([added('s-3', 'SHIPPING'), defaulted('s-3', 'SHIPPING')]);
});

test('the fields and the type are checked together, with the form messages', () => {
  const error = given(addressBookDecider, []).when(add({ addr_type: 'HOME', input: { ...home, country: '', zip_code: 'EH1_1AA' } }))
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, {
    addr_type: ['"HOME" is not a valid choice.'], country: ['This field is required!'],
    zip_code: ["Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed"],
  });
  const noType = given(addressBookDecider, []).when(add({ addr_type: null })).thenError('validation') as ValidationError;
  assert.equal(noType.fields, { addr_type: ['This field is required'] });
});

test('patching an address records the whole result, flags it (billing) and makes it the only default', () => {
  given(addressBookDecider, book).when(change({ input: { apartment: 'Flat 3' } })).thenEvents([
    { type: 'AddressChanged', data: { user_id: 'u-1', address_id: 'a-1', addr_type: 'BILLING', address: { ...home, apartment: 'Flat 3' }, at: LATER } },
    flagged('a-1', LATER),
    defaulted('a-1', 'BILLING', LATER),
  ]);
  const shipping = given(addressBookDecider, book).when(change({ address_id: 's-2', input: { city: 'Leith' } }));
  shipping.thenEvents([
    { type: 'AddressChanged', data: { user_id: 'u-1', address_id: 's-2', addr_type: 'SHIPPING', address: { ...office, city: 'Leith' }, at: LATER } },
    defaulted('s-2', 'SHIPPING', LATER),
  ]);
  assert.equal(shipping.state().lastModified, { BILLING: 'a-2', SHIPPING: null }, 'only billing addresses are flagged');
});

test('an unchanged patch of the default records nothing; is_default false edits without moving the default', () => {
  given(addressBookDecider, book).when(change({ address_id: 'a-2', input: { ...office, addr_type: 'BILLING' } as never })).thenNothing();
  given(addressBookDecider, book).when(change({ address_id: 'a-1', input: {}, make_default: true })).thenEvents([defaulted('a-1', 'BILLING', LATER)]);
  given(addressBookDecider, book).when(change({ address_id: 'a-1', input: { city: 'Leith' }, make_default: false })).thenEvents([
    { type: 'AddressChanged', data: { user_id: 'u-1', address_id: 'a-1', addr_type: 'BILLING', address: { ...home, city: 'Leith' }, at: LATER } },
    flagged('a-1', LATER),
  ]);
});

test('a patch is checked as a whole; a new country clears the old region; the type never changes', () => {
  const withRegion = [added('a-1', 'BILLING', { ...home, region: 'Edinburgh, City of' }), defaulted('a-1', 'BILLING'), flagged('a-1')];
  const [moved] = given(addressBookDecider, withRegion).when(change({ input: { country: 'france', zip_code: '75001', city: 'Paris' } })).events();
  assert.equal(moved.type === 'AddressChanged' && moved.data.address, { ...home, country: 'france', region: '', zip_code: '75001', city: 'Paris' });
  const bad = given(addressBookDecider, withRegion).when(change({ input: { region: 'Texas', phone_number: '12' } })).thenError('validation') as ValidationError;
  assert.equal(bad.fields, { region: ['Select a region of the chosen country.'], phone_number: ['Phone number is invalid!'] });
  given(addressBookDecider, book).when(change({ addr_type: 'SHIPPING' })).thenError('validation', 'Invalid input');
  const typed = given(addressBookDecider, book).when(change({ addr_type: 'SHIPPING' })).thenError('validation') as ValidationError;
  assert.equal(typed.fields, { addr_type: ['The address type cannot be changed.'] });
  given(addressBookDecider, book).when(change({ addr_type: 'BILLING' })).thenEvents([defaulted('a-1', 'BILLING', LATER)]);
});

test('removing the default passes it (and the billing flag) to the most recently changed address left', () => {
  given(addressBookDecider, book).when(remove({ address_id: 'a-2' })).thenEvents([
    { type: 'AddressRemoved', data: { user_id: 'u-1', address_id: 'a-2', addr_type: 'BILLING', at: LATER } },
    defaulted('a-1', 'BILLING', LATER),
    flagged('a-1', LATER),
  ]);
  given(addressBookDecider, book).when(remove({ address_id: 's-2' })).thenEvents([
    { type: 'AddressRemoved', data: { user_id: 'u-1', address_id: 's-2', addr_type: 'SHIPPING', at: LATER } },
  ]);
  const lastOne = given(addressBookDecider, [added('s-1', 'SHIPPING'), defaulted('s-1', 'SHIPPING')]).when(remove({ address_id: 's-1' }));
  lastOne.thenEvents([
    { type: 'AddressRemoved', data: { user_id: 'u-1', address_id: 's-1', addr_type: 'SHIPPING', at: LATER } },
    defaulted(null, 'SHIPPING', LATER),
  ]);
});

test('unknown or removed addresses are not found; ids are never reused', () => {
  given(addressBookDecider, book).when(change({ address_id: 'nope' })).thenError('not_found', 'Not found.');
  const removed = [...book, { type: 'AddressRemoved', data: { user_id: 'u-1', address_id: 's-2', addr_type: 'SHIPPING', at: LATER } } as AddressEvent];
  given(addressBookDecider, removed).when(remove({ address_id: 's-2' })).thenError('not_found');
  given(addressBookDecider, removed).when(change({ address_id: 's-2' })).thenError('not_found');
  given(addressBookDecider, removed).when(add({ address_id: 's-2' })).thenError('conflict');
});

test(`at most ${MAX_ADDRESSES} addresses`, () => {
  const many = Array.from({ length: MAX_ADDRESSES }, (_, i) => added(`s-${i}`, 'SHIPPING'));
  given(addressBookDecider, many).when(add({ address_id: 'x' })).thenError('rule_broken', 'You can save at most 50 addresses.');
});

test.run();
