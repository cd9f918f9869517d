import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emptyAddress } from '../../lib/address-rules';
import { addressFlags, offersDefaultChoice, saveBody } from './book-rules';

test('a billing address shows Default and Last changed; a shipping address never shows Last changed', () => {
  assert.equal(addressFlags({ is_default: true, isLastModifyed: true }, 'billing'), ['Default', 'Last changed']);
  assert.equal(addressFlags({ is_default: false, isLastModifyed: true }, 'billing'), ['Last changed']);
  assert.equal(addressFlags({ is_default: true, isLastModifyed: true }, 'shipping'), ['Default']);
  assert.equal(addressFlags({ is_default: false, isLastModifyed: false }, 'shipping'), []);
});

test('a save always says whether the address is the default, with the trimmed fields, type and owner', () => {
  const a = { ...emptyAddress('united-kingdom'), street: ' 1 High St ', city: 'Leith', zip_code: 'EH6 6AA ' };
  const body = saveBody(a, 'shipping', 'u1', false);
  assert.is(body.is_default, false);
  assert.is(body.addr_type, 'SHIPPING');
  assert.is(body.user, 'u1');
  assert.is(body.street, '1 High St');
  assert.is(body.zip_code, 'EH6 6AA');
  assert.is(saveBody(a, 'billing', 'u1', true).addr_type, 'BILLING');
});

test('the default choice is offered when editing a non-default address, and when adding a shipping address', () => {
  assert.is(offersDefaultChoice('billing', null), false);
  assert.is(offersDefaultChoice('shipping', null), true);
  assert.is(offersDefaultChoice('billing', { is_default: false }), true);
  assert.is(offersDefaultChoice('shipping', { is_default: true }), false, 'the default cannot be unticked away');
});

test.run();
