import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  emptyPayoutForm, maskSortCode, payoutBody, PAYOUT_MSG, validateAccountNumber, validateBankAddress, validateBic,
  validateIban, validateOwner, validatePayoutForm, validateSortCode,
} from './payout-validation';

test('sort code: required, nn-nn-nn (six digits are read so), no placeholders left', () => {
  assert.is(validateSortCode(''), 'This field is required');
  assert.is(validateSortCode('__-__-__'), 'This field is required');
  assert.is(validateSortCode('12-34-56'), null);
  assert.is(validateSortCode('123456'), null); // the server reads it as 12-34-56
  assert.is(validateSortCode('12-34-5_'), 'Enter the sort code as nn-nn-nn');
  assert.is(validateSortCode('12-34-567'), 'Enter the sort code as nn-nn-nn');
});

test('sort code mask: digits grouped as typed, six at most', () => {
  assert.is(maskSortCode('1'), '1');
  assert.is(maskSortCode('12'), '12');
  assert.is(maskSortCode('123'), '12-3');
  assert.is(maskSortCode('12345'), '12-34-5');
  assert.is(maskSortCode('12 34 56 78'), '12-34-56');
  assert.is(maskSortCode('ab'), '');
});

test('account number: exactly 8 digits', () => {
  assert.is(validateAccountNumber(''), 'This field is required');
  assert.is(validateAccountNumber('12345678'), null);
  assert.is(validateAccountNumber('1234 5678'), null);
  assert.is(validateAccountNumber('1234567'), 'Account number must be 8 digits');
  assert.is(validateAccountNumber('123456789'), 'Account number must be 8 digits');
  assert.is(validateAccountNumber('1234567a'), 'Account number must be 8 digits');
});

test('IBAN: 15 to 31 characters, then the checksum', () => {
  assert.is(validateIban(''), 'This field is required');
  assert.is(validateIban('GB82 WEST 1234 5698 7654 32'), null);
  assert.is(validateIban('de89370400440532013000'), null);
  assert.is(validateIban('NO9386011117947'), null); // the shortest, 15
  assert.is(validateIban('GB82WEST1234'), 'IBAN must be 15 to 31 characters');
  assert.is(validateIban('GB82WEST12345698765432123456789012'), 'IBAN must be 15 to 31 characters');
  assert.is(validateIban('GB83WEST12345698765432'), 'IBAN is not valid');
});

test('BIC: 8 or 11 letters or digits (spaces ignored), then its shape', () => {
  assert.is(validateBic(''), 'This field is required');
  assert.is(validateBic('NWBKGB2L'), null);
  assert.is(validateBic('nwbk gb 2l xxx'), null);
  assert.is(validateBic('NWBKGB2'), 'BIC must be 8 or 11 letters or digits');
  assert.is(validateBic('NWBKGB2LXX'), 'BIC must be 8 or 11 letters or digits');
  assert.is(validateBic('NWBK-GB2L'), 'BIC must be 8 or 11 letters or digits');
  assert.is(validateBic('1234GB2L'), 'BIC is not valid');
  assert.is(validateBic('NWBKZZ2L'), 'BIC is not valid');
});

test('bank address 3-80 characters; owners required', () => {
  assert.is(validateBankAddress(''), 'This field is required');
  assert.is(validateBankAddress('ab'), 'Bank address must be 3 to 80 characters');
  assert.is(validateBankAddress('1 Main St, Berlin'), null);
  assert.is(validateBankAddress('x'.repeat(81)), 'Bank address must be 3 to 80 characters');
  assert.is(validateOwner('  '), 'This field is required');
  assert.is(validateOwner('Alice Grant'), null);
});

test('a form is checked for its own type only, and sends only its own fields', () => {
  const uk = { ...emptyPayoutForm('UK_BANK'), iban_int: 'junk' };
  assert.equal(validatePayoutForm(uk), {
    account_owner_uk: PAYOUT_MSG.required, sort_code_uk: PAYOUT_MSG.required, account_number_uk: PAYOUT_MSG.required,
  });
  const filled = { ...uk, account_owner_uk: ' Alice Grant ', sort_code_uk: '12-34-56', account_number_uk: '1234 5678' };
  assert.equal(validatePayoutForm(filled), {});
  assert.equal(payoutBody(filled), { type: 'UK_BANK', account_owner_uk: 'Alice Grant', sort_code_uk: '12-34-56', account_number_uk: '12345678' });

  const int = { ...emptyPayoutForm('INT_BANK'), account_owner_int: 'Jan Jansen', iban_int: 'nl91 abna 0417 1643 00', bic_swift_int: 'abna nl 2a', bank_address_int: 'Amsterdam' };
  assert.equal(validatePayoutForm(int), {});
  assert.equal(payoutBody(int), { type: 'INT_BANK', account_owner_int: 'Jan Jansen', iban_int: 'NL91ABNA0417164300', bic_swift_int: 'ABNANL2A', bank_address_int: 'Amsterdam' });
  assert.equal(Object.keys(validatePayoutForm({ ...int, iban_int: '' })), ['iban_int']);
});

test.run();
