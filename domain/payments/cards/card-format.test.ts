import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardBrand, cardFormat } from './card-format';

test('visa and mastercard: 4-4-4-4, CVC 3', () => {
  assert.equal(cardFormat('424242'), { brand: 'visa', brand_name: 'Visa', groups: [4, 4, 4, 4], mask: '#### #### #### ####', lengths: [16, 18, 19], cvc_length: 3 });
  const mc = cardFormat('555555');
  assert.equal([mc.brand, mc.groups, mc.cvc_length, mc.lengths], ['mastercard', [4, 4, 4, 4], 3, [16]]);
  assert.is(cardFormat('222100').brand, 'mastercard');
});

test('amex: 4-6-5, 15 digits, CVC 4', () => {
  for (const prefix of ['340000', '378282']) {
    assert.equal(cardFormat(prefix), { brand: 'amex', brand_name: 'American Express', groups: [4, 6, 5], mask: '#### ###### #####', lengths: [15], cvc_length: 4 });
  }
});

test('an unknown prefix answers brand "unknown" with the default format', () => {
  assert.equal(cardFormat('999999'), { brand: 'unknown', brand_name: 'Unknown', groups: [4, 4, 4, 4], mask: '#### #### #### ####', lengths: [13, 14, 15, 16, 17, 18, 19], cvc_length: 3 });
});

test('brands of full numbers', () => {
  assert.is(cardBrand('4000000000003220').brand, 'visa');
  assert.is(cardBrand('378282246310005').brand, 'amex');
  assert.is(cardBrand('6011111111111117').brand, 'discover');
  assert.is(cardBrand('9999999999999995').brand, 'unknown');
});

test.run();
