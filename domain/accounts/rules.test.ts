import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ageOn, parseBirthDate, parseFormBirthDate, validateBirthDate, validateEmail, validatePassword } from './rules';
import { phoneProblem, validatePhone } from './phone';
import { registrationErrors, type RegistrationForm } from './registration-form';
import { newsletterDecider } from './newsletter';
import { given } from '../shared/given-when-then';

const today = new Date('2026-11-21T12:00:00Z');

test('passwords: 8 to 20, upper, lower, digit, one of !@#$%^&*, no spaces', () => {
  assert.is(validatePassword('Dram!Good2024'), null);
  assert.is(validatePassword('Aa1!aaaa'), null);
  assert.is(validatePassword('Aa1!aaaaaaaaaaaaaaaa'), null, '20 characters');
  assert.is(validatePassword('Aa1!aaaaaaaaaaaaaaaaa'), 'Max length is 20');
  assert.is(validatePassword(''), 'Please, specify your password');
  assert.is(validatePassword('Aa1!aaa'), 'Min length is 8');
  assert.is(validatePassword('Aa1! aaaa'), 'Password must not contain spaces');
  for (const missing of ['aa1!aaaa', 'AA1!AAAA', 'Aaa!aaaa', 'Aa1aaaaa', 'Aa1_aaaa']) assert.match(String(validatePassword(missing)), /^Password must contain/, missing);
});

test('emails: local@domain.tld, at most 50', () => {
  assert.is(validateEmail('a.b+c@whisky.co.uk'), null);
  for (const bad of ['plain', 'a@b', 'a@b.c', 'a b@c.de', '@c.de']) assert.is(validateEmail(bad), 'Invalid email address', bad);
  assert.is(validateEmail(`${'a'.repeat(38)}@whisky.test`), null, '50 characters');
  assert.is(validateEmail(`${'a'.repeat(39)}@whisky.test`), 'Max 50 characters');
});

test('phones: valid for their country with libphonenumber-js, national form read as GB by default', () => {
  for (const ok of ['07400 123456', '+44 7400 123456', '020 7946 0958', '+44 (0)20 7946 0958', '+1 212 555 0100', '+353 1 234 5678', '(020) 7946-0958']) {
    assert.is(validatePhone(ok), null, ok);
  }
  for (const bad of ['12', '0740012345678', '+44 12', 'call me', '+1 2', `+1${'2'.repeat(20)}`, '+44 (0)20 7946 095', '+353 1 234', '07400 123456 ext 1']) {
    assert.is(validatePhone(bad), 'Phone number is invalid!', bad);
  }
  // Ofcom's drama range (07700 900xxx) is never allocated: the library refuses it, as a real check should.
  assert.is(validatePhone('07700 900123'), 'Phone number is invalid!');
  assert.is(validatePhone(''), 'This field is required');
  assert.is(validatePhone(`+44 7400 123456${' '.repeat(240)}`), null, 'surrounding spaces are trimmed first');
  assert.is(validatePhone(`+44${' '.repeat(240)}7400 123456`), 'Phone number is invalid!', 'over 250 characters');
});

test('phones: a national number is read in the given country; an international one in its own', () => {
  assert.is(validatePhone('06 12 34 56 78', 'FR'), null);
  assert.is(validatePhone('06 12 34 56 78'), 'Phone number is invalid!', 'not a GB number');
  assert.is(validatePhone('07400 123456', 'FR'), 'Phone number is invalid!');
  assert.is(validatePhone('+44 7400 123456', 'FR'), null);
  assert.is(validatePhone('+1 212 555 0100', 'AQ'), null, 'a country the library has no numbering plan for needs +CC');
  assert.is(validatePhone('212 555 0100', 'AQ'), 'Phone number is invalid!');
  assert.is(phoneProblem('  +44 7400 123456 '), null);
});

test('birth dates: DD/MM/YYYY or YYYY-MM-DD, real dates only, 18 to 120 years', () => {
  assert.equal(parseBirthDate('29/02/2000'), { year: 2000, month: 2, day: 29 });
  assert.equal(parseBirthDate('2000-02-29'), { year: 2000, month: 2, day: 29 });
  assert.is(parseBirthDate('29/02/2001'), null);
  assert.is(parseBirthDate('1/2/2000'), null);
  assert.is(ageOn({ year: 2008, month: 11, day: 21 }, today), 18);
  assert.is(ageOn({ year: 2008, month: 11, day: 22 }, today), 17);
  assert.is(validateBirthDate('22/11/2008', today), 'Minimal age is 18!');
  assert.is(validateBirthDate('21/11/1906', today), null, 'exactly 120');
  assert.is(validateBirthDate('20/11/1905', today), 'Too old');
  assert.is(validateBirthDate('1990/01/01', today), 'Enter valid format DD/MM/YYYY');
});

test('birth dates: the form parser takes DD/MM/YYYY only, and so does the validator given it', () => {
  assert.equal(parseFormBirthDate(' 29/02/2000 '), { year: 2000, month: 2, day: 29 });
  assert.is(parseFormBirthDate('2000-02-29'), null);
  assert.is(parseFormBirthDate('31/04/2000'), null);
  assert.is(validateBirthDate('1990-01-01', today), null, 'the API takes ISO');
  assert.is(validateBirthDate('1990-01-01', today, parseFormBirthDate), 'Enter valid format DD/MM/YYYY');
  assert.is(validateBirthDate('01/01/1990', today, parseFormBirthDate), null);
});

test('ages count on the UTC calendar, whatever the local time zone', () => {
  // 21 Nov 23:30 in New York is already 22 Nov in UTC: the 18th birthday on 22 Nov has come.
  const lateInNewYork = new Date('2026-11-21T23:30:00-05:00');
  assert.is(ageOn({ year: 2008, month: 11, day: 22 }, lateInNewYork), 18);
  assert.is(validateBirthDate('22/11/2008', lateInNewYork), null);
  // 22 Nov 00:30 in Paris is still 21 Nov in UTC: not yet.
  assert.is(validateBirthDate('22/11/2008', new Date('2026-11-22T00:30:00+01:00')), 'Minimal age is 18!');
});

test('the registration form reports every problem, VAT fields only with VAT', () => {
  const form: RegistrationForm = {
    email: 'a@whisky.test', password: 'Dram!Good2024', password2: 'Dram!Good2024', first_name: 'Ann', last_name: 'Lee', title: null,
    birth_date: '01/01/1990', phone_number: '07400 900123', terms_agreement: true, vat_enabled: false, vat_number: '', company_name: '',
  };
  assert.equal(registrationErrors(form, today), {});
  assert.equal(registrationErrors({ ...form, vat_enabled: true, vat_number: '123456789', company_name: 'Ann Ltd' }, today), {});
  assert.equal(registrationErrors({ ...form, password2: '', terms_agreement: false, title: 'T'.repeat(21) }, today), {
    password2: ['This field is required'], title: ['Max 20 characters'], terms_agreement: ['This field is required'],
  });
});

test('newsletter: a valid (verified) email is subscribed once', () => {
  const cmd = { type: 'SubscribeEmail', email: ' Reader@Whisky.test', user_id: null, now: today.toISOString(), verified: true } as const;
  const event = { type: 'EmailSubscribedToNewsletter', data: { email: 'reader@whisky.test', user_id: null, subscribed_at: today.toISOString() } } as const;
  given(newsletterDecider, []).when(cmd).thenEvents([event]);
  given(newsletterDecider, [event]).when(cmd).thenNothing();
  given(newsletterDecider, []).when({ ...cmd, email: ' ' }).thenError('validation');
  given(newsletterDecider, []).when({ ...cmd, email: 'x@y' }).thenError('validation');
});

test.run();
