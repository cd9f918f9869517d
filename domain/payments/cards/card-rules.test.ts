import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationError } from '../../shared/errors';
import { CARD_MSG, cardErrors, luhnValid, normaliseCardNumber, parseExpiry, validateCard, type CardInput } from './card-rules';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const good: CardInput = { card_number: '4242 4242 4242 4242', expiry_date: '12/30', card_holder_name: 'Isla Grant', cvv: '739' };
const errorsOf = (overrides: Partial<CardInput>) => cardErrors({ ...good, ...overrides }, NOW);

test('Luhn: the test numbers pass, a changed digit fails', () => {
  for (const n of ['4242424242424242', '4000000000003220', '4000000000000002', '4000000000009995', '4000000000000069', '4000000000000127', '378282246310005', '5555555555554444']) {
    assert.ok(luhnValid(n), n);
  }
  assert.not.ok(luhnValid('4242424242424241'));
  assert.not.ok(luhnValid('4242-4242'));
  assert.not.ok(luhnValid(''));
});

test('a good card has no errors and comes back normalised', () => {
  assert.equal(errorsOf({}), {});
  assert.equal(validateCard(good, NOW), { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '739', holder_name: 'Isla Grant' });
  assert.is(normaliseCardNumber(' 4000 0000  0000 3220 '), '4000000000003220');
});

test('card number messages', () => {
  assert.equal(errorsOf({ card_number: '' }).card_number, [CARD_MSG.required]);
  assert.equal(errorsOf({ card_number: '   ' }).card_number, ['This field is required']);
  assert.equal(errorsOf({ card_number: '4242 4242 424' }).card_number, ['Card number is too short']);
  assert.equal(errorsOf({ card_number: '4242 4242 4242 4242 4242' }).card_number, ['Card number is too long']);
  assert.equal(errorsOf({ card_number: '4242 4242 4242 4241' }).card_number, ['Card number is invalid']);
  assert.equal(errorsOf({ card_number: '4242-4242-4242-4242' }).card_number, ['Card number is invalid']);
  assert.equal(errorsOf({ card_number: '4242424242424' }).card_number, ['Card number is invalid'], '13 digits, bad check digit');
});

test('expiry: MM/YY, MMYY and MM/YYYY; format, month and expired messages', () => {
  assert.equal(parseExpiry('07/29', NOW), { month: 7, year: 2029 });
  assert.equal(parseExpiry('0729', NOW), { month: 7, year: 2029 });
  assert.equal(parseExpiry('07/2029', NOW), { month: 7, year: 2029 });
  assert.equal(parseExpiry('11/26', NOW), { month: 11, year: 2026 }, 'valid to the end of its month');
  assert.equal(errorsOf({ expiry_date: '' }).expiry_date, ['This field is required']);
  for (const bad of ['7/29', '07-29', '07/029', 'ab/cd', '072029', '07/29/1']) assert.equal(errorsOf({ expiry_date: bad }).expiry_date, ['Invalid format'], bad);
  assert.equal(errorsOf({ expiry_date: '13/29' }).expiry_date, ['Invalid month']);
  assert.equal(errorsOf({ expiry_date: '00/29' }).expiry_date, ['Invalid month']);
  assert.equal(errorsOf({ expiry_date: '10/26' }).expiry_date, ['Card has expired']);
  assert.equal(errorsOf({ expiry_date: '12/2025' }).expiry_date, ['Card has expired']);
});

test('CVC: exactly 3 digits, 4 for American Express', () => {
  assert.equal(errorsOf({ cvv: '' }).cvv, ['CVC must be 3 digits']);
  assert.equal(errorsOf({ cvv: '12' }).cvv, ['CVC must be exactly 3 digits']);
  assert.equal(errorsOf({ cvv: '1234' }).cvv, ['CVC must be exactly 3 digits']);
  assert.equal(errorsOf({ cvv: '12a' }).cvv, ['CVC must be exactly 3 digits']);
  const amex = { card_number: '3782 822463 10005' };
  assert.equal(errorsOf({ ...amex, cvv: '123' }).cvv, ['CVC must be exactly 4 digits']);
  assert.equal(errorsOf({ ...amex, cvv: '1234' }), {});
});

test('card holder name is required; every broken rule is reported at once', () => {
  assert.equal(errorsOf({ card_holder_name: '  ' }).card_holder_name, ['This field is required']);
  const error = (() => {
    try { validateCard({ card_number: '', expiry_date: '', card_holder_name: '', cvv: '' }, NOW); } catch (e) { return e as ValidationError; }
    throw new Error('expected a validation error');
  })();
  assert.equal(error.fields, {
    card_number: ['This field is required'], expiry_date: ['This field is required'], cvv: ['CVC must be 3 digits'], card_holder_name: ['This field is required'],
  });
});

test.run();
