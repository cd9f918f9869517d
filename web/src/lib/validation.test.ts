import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  birthDateToIso, maskBirthDate, MSG, validateBirthDate, validateCompanyName, validateEmail, validateLoginPassword,
  validateName, validateNewsletterEmail, validatePassword, validatePasswordConfirm, validatePhone, validateVatNumber,
} from './validation';
import * as validation from './validation';
import * as rules from '../../../domain/accounts/rules';
import * as phone from '../../../domain/accounts/phone';
import { EMPTY_REGISTRATION, registrationPayload, validateRegistration, type RegistrationValues } from './registration';

const TODAY = new Date(Date.UTC(2025, 5, 15, 12)); // 15 June 2025, noon UTC (ages count on the UTC calendar)

test('the account rules are the server\'s own, not a copy', () => {
  for (const name of ['validateEmail', 'validatePassword', 'validateName', 'validateVatNumber', 'validateCompanyName'] as const) {
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test walks every re-exported name
    assert.ok(validation[name] === rules[name], name);
  }
  assert.ok(validation.validatePhone === phone.validatePhone, 'validatePhone');
  for (const [key, text] of Object.entries(rules.MSG)) assert.is(MSG[key as keyof typeof MSG], text, key);
  assert.is(MSG.newsletterRequired, 'Please, specify your email');
  assert.is(MSG.serverField, 'Please check field');
});

test('password messages', () => {
  assert.is(validatePassword(''), 'Please, specify your password');
  assert.is(validatePassword('Ab1!'), 'Min length is 8');
  assert.is(validatePassword('Abcdefg1!Abcdefg1!Abc'), 'Max length is 20');
  assert.is(validatePassword('Abc def1!'), MSG.passwordSpaces);
  assert.is(validatePassword('abcdefg1!'), MSG.passwordComposition);
  assert.is(validatePassword('ABCDEFG1!'), MSG.passwordComposition);
  assert.is(validatePassword('Abcdefgh!'), MSG.passwordComposition);
  assert.is(validatePassword('Abcdefg12'), MSG.passwordComposition);
  assert.is(validatePassword('Abcdefg1!'), null);
  assert.is(validateLoginPassword(''), 'Please, specify your password');
  assert.is(validateLoginPassword('x'), null);
});

test('password confirmation', () => {
  assert.is(validatePasswordConfirm('Abcdefg1!', ''), 'This field is required');
  assert.is(validatePasswordConfirm('Abcdefg1!', 'Abcdefg1?'), 'Passwords do not match');
  assert.is(validatePasswordConfirm('Abcdefg1!', 'Abcdefg1!'), null);
});

test('email messages', () => {
  assert.is(validateEmail(''), 'This field is required');
  assert.is(validateEmail('someone'), 'Invalid email address');
  assert.is(validateEmail('someone@host'), 'Invalid email address');
  assert.is(validateEmail('someone@host.c'), 'Invalid email address');
  assert.is(validateEmail(`${'a'.repeat(45)}@host.com`), 'Max 50 characters');
  assert.is(validateEmail('jane.doe+bids@example.co.uk'), null);
});

test('newsletter email messages', () => {
  assert.is(validateNewsletterEmail(''), 'Please, specify your email');
  assert.is(validateNewsletterEmail('   '), 'Please, specify your email');
  assert.is(validateNewsletterEmail('nope@'), 'Invalid email address');
  assert.is(validateNewsletterEmail('a@b.io'), null);
  assert.is(validateNewsletterEmail(`${'a'.repeat(45)}@host.com`), 'Max 50 characters', 'the server refuses it too');
});

test('name messages', () => {
  assert.is(validateName(''), 'This field is required');
  assert.is(validateName('J'), 'Min length is 2');
  assert.is(validateName('J4ne'), MSG.nameChars);
  assert.is(validateName('A'.repeat(33)), 'Max 32 characters');
  assert.is(validateName('Mary-Jane Smith'), null);
  assert.is(validateName('Анна'), null);
});

test('VAT number and company name messages', () => {
  assert.is(validateVatNumber(''), 'This field is required');
  assert.is(validateVatNumber('GB123'), 'Ensure this field has more than 9 characters.');
  assert.is(validateVatNumber('GB1234567890'), 'Ensure this field has no more than 11 characters.');
  assert.is(validateVatNumber('GB123456789'), null);
  assert.is(validateCompanyName(''), 'This field is required');
  assert.is(validateCompanyName('x'.repeat(41)), 'Max 40 characters');
  assert.is(validateCompanyName('Glen Traders Ltd'), null);
});

test('phone messages', () => {
  assert.is(validatePhone(''), 'This field is required');
  assert.is(validatePhone('call me'), 'Phone number is invalid!');
  assert.is(validatePhone('0123'), 'Phone number is invalid!');
  assert.is(validatePhone('07400 900123'), null);
  assert.is(validatePhone('+44 7400 900123'), null);
  assert.is(validatePhone('+1 212 555 0100'), null);
  assert.is(validatePhone('+1'), 'Phone number is invalid!');
  assert.is(validatePhone('9'.repeat(251)), 'Phone number is invalid!');
});

test('birth date messages', () => {
  assert.is(validateBirthDate('', TODAY), 'This field is required');
  assert.is(validateBirthDate('1990-01-01', TODAY), 'Enter valid format DD/MM/YYYY');
  assert.is(validateBirthDate('31/02/1990', TODAY), 'Enter valid format DD/MM/YYYY');
  assert.is(validateBirthDate('16/06/2007', TODAY), 'Minimal age is 18!');
  assert.is(validateBirthDate('15/06/2007', TODAY), null);
  assert.is(validateBirthDate('01/01/1900', TODAY), 'Too old');
  assert.is(validateBirthDate('01/01/1980', TODAY), null);
  assert.is(validateBirthDate('15/06/2007', new Date('2025-06-14T21:00:00-05:00')), null, '15 June already in UTC, as on the server');
  assert.is(validateBirthDate('15/06/2007', new Date('2025-06-15T00:30:00+01:00')), 'Minimal age is 18!', 'still 14 June in UTC');
  assert.is(birthDateToIso('05/03/1980'), '1980-03-05');
  assert.is(birthDateToIso(' 05/03/1980 '), '1980-03-05');
  assert.is(birthDateToIso('31/02/1980'), '31/02/1980', 'left as typed (the form refuses it first)');
  assert.is(maskBirthDate('0503198'), '05/03/198');
  assert.is(maskBirthDate('05/03/19801'), '05/03/1980');
});

const good: RegistrationValues = {
  ...EMPTY_REGISTRATION, title: 'Mr', first_name: 'Angus', last_name: 'Reid', email: 'angus@example.com',
  phone_number: '07400 900123', birth_date: '01/02/1980', password: 'Abcdefg1!', password2: 'Abcdefg1!',
  terms_agreement: true,
};

test('registration: a complete form passes', () => {
  assert.equal(validateRegistration(good, TODAY), {});
});

test('registration: every empty field is reported', () => {
  const e = validateRegistration(EMPTY_REGISTRATION, TODAY);
  assert.equal(e, {
    first_name: 'This field is required', last_name: 'This field is required', email: 'This field is required',
    phone_number: 'This field is required', birth_date: 'This field is required',
    password: 'Please, specify your password', password2: 'This field is required',
    terms_agreement: 'This field is required',
  });
});

test('registration: VAT number and company only when vat_enabled', () => {
  const e = validateRegistration({ ...good, vat_enabled: true }, TODAY);
  assert.equal(e, { vat_number: 'This field is required', company_name: 'This field is required' });
  const ok = validateRegistration({ ...good, vat_enabled: true, vat_number: 'GB123456789', company_name: 'Reid Ltd' }, TODAY);
  assert.equal(ok, {});
});

test('registration: under 18 and terms', () => {
  const e = validateRegistration({ ...good, birth_date: '01/01/2010', terms_agreement: false }, TODAY);
  assert.equal(e, { birth_date: 'Minimal age is 18!', terms_agreement: 'This field is required' });
});

test('registration payload', () => {
  const p = registrationPayload({ ...good, email: ' angus@example.com ', vat_number: 'ignored' });
  assert.is(p.email, 'angus@example.com');
  assert.is(p.birth_date, '1980-02-01');
  assert.is(p.vat_number, '');
  assert.is(p.terms_agreement, true);
});

test.run();
