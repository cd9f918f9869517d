import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../shared/errors';
import {
  checkAccountNumber, checkBankAddress, checkBic, checkIban, checkSortCode, payoutDetails, payoutLabel, type PayoutInput,
} from './rules';

const fieldsOf = (input: PayoutInput) => {
  try {
    payoutDetails(input);
  } catch (e) {
    if (e instanceof ValidationError) return e.fields;
    throw e;
  }
  assert.unreachable('expected field errors');
  return {};
};

test('sort code: nn-nn-nn, also typed without dashes; placeholders and other shapes refused', () => {
  assert.equal(checkSortCode('12-34-56'), { value: '12-34-56' });
  assert.equal(checkSortCode(' 123456 '), { value: '12-34-56' });
  assert.equal(checkSortCode('12 34 56'), { value: '12-34-56' });
  assert.equal(checkSortCode(''), { error: 'This field is required' });
  assert.equal(checkSortCode(null), { error: 'This field is required' });
  for (const bad of ['12-34-5_', '12-34-5', '1234567', 'ab-cd-ef', '12--34-56']) {
    assert.equal(checkSortCode(bad), { error: 'Enter the sort code as nn-nn-nn' }, bad);
  }
});

test('account number: exactly 8 digits', () => {
  assert.equal(checkAccountNumber('12345678'), { value: '12345678' });
  assert.equal(checkAccountNumber('1234 5678'), { value: '12345678' });
  assert.equal(checkAccountNumber(''), { error: 'This field is required' });
  for (const bad of ['1234567', '123456789', '1234567_', 'abcdefgh']) assert.equal(checkAccountNumber(bad), { error: 'Account number must be 8 digits' }, bad);
});

test('IBAN: spaces removed, upper case, 15 to 31 characters, then country length and checksum', () => {
  assert.equal(checkIban('gb82 west 1234 5698 7654 32'), { value: 'GB82WEST12345698765432' });
  assert.equal(checkIban('NO9386011117947'), { value: 'NO9386011117947' }, '15 characters (Norway)');
  assert.equal(checkIban('MT84MALT011000012345MTLCAST001S'), { value: 'MT84MALT011000012345MTLCAST001S' }, '31 characters (Malta)');
  assert.equal(checkIban(''), { error: 'This field is required' });
  assert.equal(checkIban('GB82WEST1234'), { error: 'IBAN must be 15 to 31 characters' });
  assert.equal(checkIban('MT84MALT011000012345MTLCAST001SX'), { error: 'IBAN must be 15 to 31 characters' });
  assert.equal(checkIban('GB82WEST12345698765433'), { error: 'IBAN is not valid' }, 'checksum');
  assert.equal(checkIban('XX82WEST12345698765432'), { error: 'IBAN is not valid' }, 'unknown country');
});

test('BIC: 8 or 11 letters or digits (spaces allowed while typing), then its structure', () => {
  assert.equal(checkBic('nwbk gb 2l'), { value: 'NWBKGB2L' });
  assert.equal(checkBic('DEUTDEFF500'), { value: 'DEUTDEFF500' });
  assert.equal(checkBic(' '), { error: 'This field is required' });
  for (const bad of ['NWBKGB2', 'NWBKGB2LX', 'NWBK-GB2L']) assert.equal(checkBic(bad), { error: 'BIC must be 8 or 11 letters or digits' }, bad);
  assert.equal(checkBic('1234GB2L'), { error: 'BIC is not valid' });
});

test('bank address: 3 to 80 characters', () => {
  assert.equal(checkBankAddress('  Bahnhofstrasse 1,   Zurich '), { value: 'Bahnhofstrasse 1, Zurich' });
  assert.equal(checkBankAddress(''), { error: 'This field is required' });
  assert.equal(checkBankAddress('ab'), { error: 'Bank address must be 3 to 80 characters' });
  assert.equal(checkBankAddress('x'.repeat(81)), { error: 'Bank address must be 3 to 80 characters' });
  assert.equal(checkBankAddress('x'.repeat(80)), { value: 'x'.repeat(80) });
});

test('a UK account keeps only its own fields, normalised', () => {
  assert.equal(
    payoutDetails({ type: 'UK_BANK', account_owner_uk: ' Isla  Grant ', sort_code_uk: '123456', account_number_uk: '12345678', iban_int: 'ignored' }),
    { type: 'UK_BANK', account_owner_uk: 'Isla Grant', sort_code_uk: '12-34-56', account_number_uk: '12345678' },
  );
});

test('every field of the chosen type is reported at once, in form order', () => {
  assert.equal(fieldsOf({ type: 'UK_BANK' }), {
    account_owner_uk: ['This field is required'], sort_code_uk: ['This field is required'], account_number_uk: ['This field is required'],
  });
  assert.equal(fieldsOf({ type: 'INT_BANK', account_owner_int: 'A', iban_int: 'GB82', bic_swift_int: 'NWBK', bank_address_int: 'ab' }), {
    iban_int: ['IBAN must be 15 to 31 characters'], bic_swift_int: ['BIC must be 8 or 11 letters or digits'],
    bank_address_int: ['Bank address must be 3 to 80 characters'],
  });
  assert.equal(fieldsOf({}), { type: ['This field is required'] });
  assert.equal(fieldsOf({ type: 'CARD' }), { type: ['Choose UK_BANK or INT_BANK.'] });
  assert.equal(fieldsOf({ type: 'UK_BANK', account_owner_uk: 'x'.repeat(101), sort_code_uk: '12-34-56', account_number_uk: '12345678' }), {
    account_owner_uk: ['Ensure this field has no more than 100 characters.'],
  });
});

test('labels show only the last four digits', () => {
  assert.is(payoutLabel({ type: 'UK_BANK', account_owner_uk: 'A', sort_code_uk: '12-34-56', account_number_uk: '12345678' }), 'UK account ••••5678');
  assert.is(payoutLabel({ type: 'INT_BANK', account_owner_int: 'A', iban_int: 'DE89370400440532013000', bic_swift_int: 'DEUTDEFF', bank_address_int: 'Frankfurt' }), 'IBAN ••••3000');
});

test.run();
