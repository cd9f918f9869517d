import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  brandName, brandShortName, cardBody, CARD_MSG, caretAfterDigits, digitsBefore, expiryLabel, formatFromLookup, guessFormat, luhnValid, maskCardNumber, maskExpiry,
  validateCard, validateCardNumber, validateCvc, validateExpiry, validateHolder,
} from './card-rules';

const JUNE_2026 = new Date(2026, 5, 15);

test('the card type is guessed from the first digits (spec 1 section 5)', () => {
  assert.is(guessFormat('34').brand, 'amex');
  assert.is(guessFormat('3782 82').brand, 'amex');
  assert.is(guessFormat('4').brand, 'visa');
  assert.is(guessFormat('5555').brand, 'mastercard');
  assert.is(guessFormat('2221').brand, 'mastercard');
  assert.is(guessFormat('6011').brand, 'unknown');
  assert.is(guessFormat('35').brand, 'unknown');
  assert.is(guessFormat('').brand, 'unknown');
  assert.equal(guessFormat('37').groups, [4, 6, 5]);
  assert.equal(guessFormat('6').groups, [4, 4, 4, 4]);
  assert.is(guessFormat('34').cvcLength, 4);
  assert.is(guessFormat('4').cvcLength, 3);
});

test('the number mask groups digits by type and stops at the longest number', () => {
  assert.is(maskCardNumber('4242424242424242'), '4242 4242 4242 4242');
  assert.is(maskCardNumber('4242 42'), '4242 42');
  assert.is(maskCardNumber('424'), '424');
  assert.is(maskCardNumber('4242-4242x4242'), '4242 4242 4242');
  assert.is(maskCardNumber('378282246310005'), '3782 822463 10005');
  assert.is(maskCardNumber('3782822463100059999'), '3782 822463 10005', 'amex stops at 15 digits');
  assert.is(maskCardNumber('55554444333311119'), '5555 4444 3333 1111', 'mastercard stops at 16');
  assert.is(maskCardNumber('4000000000000000003'), '4000 0000 0000 0000 003', 'visa may have 19 digits');
  assert.is(maskCardNumber(''), '');
});

test('the format lookup answer refines the mask; an unknown or broken answer is ignored', () => {
  const f = formatFromLookup({ brand: 'amex', brand_name: 'American Express', groups: [4, 6, 5], mask: '', lengths: [15], cvc_length: 4 });
  assert.equal(f, { brand: 'amex', groups: [4, 6, 5], maxLength: 15, cvcLength: 4 });
  const d = formatFromLookup({ brand: 'discover', groups: [4, 4, 4, 4], lengths: [16, 19], cvc_length: 3 });
  assert.is(d?.maxLength, 19);
  assert.is(maskCardNumber('6011111111111117', d!), '6011 1111 1111 1117');
  assert.is(formatFromLookup({ brand: 'unknown', groups: [4, 4, 4, 4], lengths: [16], cvc_length: 3 }), null);
  assert.is(formatFromLookup({ brand: 'visa' }), null);
  assert.is(formatFromLookup('Not found'), null);
  assert.is(formatFromLookup(null), null);
});

test('the expiry mask inserts the slash and takes MM/YYYY too', () => {
  assert.is(maskExpiry('1'), '1');
  assert.is(maskExpiry('12', '1'), '12/');
  assert.is(maskExpiry('12', '12/'), '12', 'backspace over the slash removes it');
  assert.is(maskExpiry('4'), '04/');
  assert.is(maskExpiry('1/'), '01/');
  assert.is(maskExpiry('1228'), '12/28');
  assert.is(maskExpiry('12/2'), '12/2');
  assert.is(maskExpiry('122030'), '12/2030');
  assert.is(maskExpiry('12/20301'), '12/2030');
  assert.is(maskExpiry('ab'), '');
});

test('Luhn', () => {
  assert.ok(luhnValid('4242424242424242'));
  assert.ok(luhnValid('4000000000003220'));
  assert.ok(luhnValid('378282246310005'));
  assert.not.ok(luhnValid('4242424242424241'));
  assert.not.ok(luhnValid(''));
});

test('card number messages', () => {
  assert.is(validateCardNumber(''), CARD_MSG.required);
  assert.is(validateCardNumber('   '), 'This field is required');
  assert.is(validateCardNumber('4242 4242 4242'), 'Card number is too short');
  assert.is(validateCardNumber('4242 4242 4242 4242 4242'), 'Card number is too long');
  assert.is(validateCardNumber('4242 4242 4242 4241'), 'Card number is invalid');
  assert.is(validateCardNumber('4242-4242-4242-4242'), 'Card number is invalid', 'digits and spaces only');
  assert.is(validateCardNumber('4242 4242 4242 4242'), null);
  assert.is(validateCardNumber('4000000000003220'), null);
});

test('expiry messages: format, month, expired (the current month is still good)', () => {
  assert.is(validateExpiry('', JUNE_2026), 'This field is required');
  assert.is(validateExpiry('1/28', JUNE_2026), 'Invalid format');
  assert.is(validateExpiry('12/2', JUNE_2026), 'Invalid format');
  assert.is(validateExpiry('1228', JUNE_2026), null, 'the server takes MMYY too (the draft sends the expiry with the slash removed)');
  assert.is(validateExpiry('13/28', JUNE_2026), 'Invalid month');
  assert.is(validateExpiry('00/28', JUNE_2026), 'Invalid month');
  assert.is(validateExpiry('05/26', JUNE_2026), 'Card has expired');
  assert.is(validateExpiry('12/25', JUNE_2026), 'Card has expired');
  assert.is(validateExpiry('06/26', JUNE_2026), null);
  assert.is(validateExpiry('07/26', JUNE_2026), null);
  assert.is(validateExpiry('01/2030', JUNE_2026), null);
  assert.is(validateExpiry('05/2026', JUNE_2026), 'Card has expired');
});

test('CVC: 3 digits, 4 for amex', () => {
  assert.is(validateCvc('', 3), 'CVC must be 3 digits');
  assert.is(validateCvc('12', 3), 'CVC must be exactly 3 digits');
  assert.is(validateCvc('1234', 3), 'CVC must be exactly 3 digits');
  assert.is(validateCvc('12a', 3), 'CVC must be exactly 3 digits');
  assert.is(validateCvc('123', 3), null);
  assert.is(validateCvc('123', 4), 'CVC must be exactly 4 digits');
  assert.is(validateCvc('1234', 4), null);
});

test('cardholder name is required', () => {
  assert.is(validateHolder('  '), 'This field is required');
  assert.is(validateHolder('Isla MacDonald'), null);
});

test('the whole card: every field with a message, the amex CVC length from the number', () => {
  assert.equal(validateCard({ card_number: '', expiry_date: '', cvv: '', card_holder_name: '' }, undefined, JUNE_2026), {
    card_number: 'This field is required',
    expiry_date: 'This field is required',
    cvv: 'CVC must be 3 digits',
    card_holder_name: 'This field is required',
  });
  assert.equal(validateCard({ card_number: '3782 822463 10005', expiry_date: '12/30', cvv: '123', card_holder_name: 'A B' }, undefined, JUNE_2026), {
    cvv: 'CVC must be exactly 4 digits',
  });
  assert.equal(validateCard({ card_number: '4242 4242 4242 4242', expiry_date: '12/30', cvv: '123', card_holder_name: 'A B' }, undefined, JUNE_2026), {});
});

test('the body sent: digits only, trimmed, single spaces in the name', () => {
  assert.equal(cardBody({ card_number: '4242 4242 4242 4242', expiry_date: ' 12/30 ', cvv: '123', card_holder_name: '  Isla   MacDonald ' }), {
    card_number: '4242424242424242', expiry_date: '12/30', cvv: '123', card_holder_name: 'Isla MacDonald',
  });
});

test('labels for saved cards', () => {
  assert.is(expiryLabel(4, 2031), '04/31');
  assert.is(brandName('visa'), 'Visa');
  assert.is(brandName('amex'), 'American Express');
  assert.is(brandName('discover'), 'Discover');
  assert.is(brandName(null), 'Card');
  assert.is(brandShortName('amex'), 'Amex');
  assert.is(brandShortName('discover'), 'Discover');
});

test('the caret stays after the same digit when the mask regroups the number', () => {
  // "4242 4242" with "9" typed after the fifth digit: "4242 49242" -> "4242 4924 2"
  const typed = '4242 49242';
  const n = digitsBefore(typed, 7);
  assert.is(n, 6);
  const masked = maskCardNumber(typed);
  assert.is(masked, '4242 4924 2');
  assert.is(caretAfterDigits(masked, n), 7);
  assert.is(caretAfterDigits('4242 4242', 4), 4, 'before the space, so a deletion works on digits');
  assert.is(caretAfterDigits('4242', 0), 0);
  assert.is(caretAfterDigits('12/3', 9), 4);
});

test.run();
