import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { given } from '../shared/given-when-then';
import type { ValidationError } from '../shared/errors';
import { accountDecider, decideAll } from './decide';
import type { RegisterUser } from './commands';
import type { AccountEvent, Profile } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const HASH = 'scrypt$N=131072,r=8,p=1$c2FsdA$a2V5';
const profile: Profile = {
  first_name: ' Isla ', last_name: 'Grant', title: '', phone_number: '07400 900123', birth_date: '14/02/1990',
  vat_enabled: false, vat_number: 'ignored', company_name: 'ignored', audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false,
};
const register = (overrides: Partial<RegisterUser> = {}): RegisterUser => ({
  type: 'RegisterUser', user_id: 'u-1', email: ' Isla@Whisky.TEST ', password_hash: HASH, profile, now: NOW, ...overrides,
});

const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    user_id: 'u-1', email: 'isla@whisky.test', password_hash: HASH, first_name: 'Isla', last_name: 'Grant', title: null,
    phone_number: '07400 900123', birth_date: '1990-02-14', vat_enabled: false, vat_number: '', company_name: '',
    audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false, registered_at: NOW,
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { user_id: 'u-1', verified_at: NOW } };

test('registering records a normalised account (email lower case, ISO birth date, no VAT details without VAT)', () => {
  given(accountDecider, []).when(register()).thenEvents([registered]);
});

test('an account is registered once', () => {
  given(accountDecider, [registered]).when(register()).thenError('conflict', 'This account already exists.');
});

test('registration refuses malformed values, whoever sends them', () => {
  const error = given(accountDecider, [])
    .when(register({ email: 'nope', password_hash: 'plain', profile: { ...profile, first_name: 'X1', birth_date: '1990-13-01', vat_enabled: true, vat_number: '1', company_name: '' } }))
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, {
    email: ['Invalid email address'], password: ['A password is required.'], first_name: ['Only letters, spaces and hyphens are allowed'],
    birth_date: ['Enter valid format DD/MM/YYYY'], vat_number: ['Ensure this field has more than 9 characters.'], company_name: ['This field is required'],
  });
});

test('a script may create an account without names, phone or birth date', () => {
  const bare = { ...profile, first_name: '', last_name: '', phone_number: '', birth_date: null };
  const [event] = given(accountDecider, []).when(register({ profile: bare })).events();
  assert.equal(event.type === 'UserRegistered' && [event.data.first_name, event.data.birth_date], ['', null]);
});

test('verifying the email once; again records nothing', () => {
  given(accountDecider, [registered]).when({ type: 'VerifyEmail', now: NOW }).thenEvents([verified]);
  given(accountDecider, [registered, verified]).when({ type: 'VerifyEmail', now: NOW }).thenNothing();
});

test('commands on an unknown account are refused', () => {
  given(accountDecider, []).when({ type: 'VerifyEmail', now: NOW }).thenError('not_found', 'User not found.');
  given(accountDecider, []).when({ type: 'UpdateProfile', changes: { first_name: 'Al' }, now: NOW }).thenError('not_found');
});

test('changing the password records the new hash and why', () => {
  const outcome = given(accountDecider, [registered]).when({ type: 'ChangePassword', password_hash: 'scrypt$new', reason: 'reset', now: NOW });
  outcome.thenEvents([{ type: 'PasswordChanged', data: { user_id: 'u-1', password_hash: 'scrypt$new', reason: 'reset', changed_at: NOW } }]);
  assert.equal([outcome.state().passwordHash, outcome.state().passwordChangedAt], ['scrypt$new', NOW]);
  given(accountDecider, [registered]).when({ type: 'ChangePassword', password_hash: '', reason: 'change', now: NOW }).thenError('validation');
});

test('a rehash stores the same password with new parameters, keeps the change time, and is dropped when stale', () => {
  const argon = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5';
  const rehash = { type: 'RehashPassword' as const, previous_hash: HASH, password_hash: argon, now: NOW };
  const outcome = given(accountDecider, [registered]).when(rehash);
  outcome.thenEvents([{ type: 'PasswordRehashed', data: { user_id: 'u-1', password_hash: argon, rehashed_at: NOW } }]);
  assert.equal([outcome.state().passwordHash, outcome.state().passwordChangedAt], [argon, null]);
  const changed: AccountEvent = { type: 'PasswordChanged', data: { user_id: 'u-1', password_hash: 'scrypt$other', reason: 'change', changed_at: NOW } };
  given(accountDecider, [registered, changed]).when(rehash).thenNothing();
  given(accountDecider, [registered]).when({ ...rehash, password_hash: HASH }).thenNothing();
  given(accountDecider, [registered]).when({ ...rehash, password_hash: 'plain' }).thenError('validation');
  given(accountDecider, []).when(rehash).thenError('not_found');
});

test('a profile update records only what changes; an unchanged save records nothing', () => {
  given(accountDecider, [registered])
    .when({ type: 'UpdateProfile', changes: { first_name: 'Isla', last_name: ' Ross ', is_audio_cues: false }, now: NOW })
    .thenEvents([{ type: 'ProfileChanged', data: { user_id: 'u-1', changes: { last_name: 'Ross', is_audio_cues: false }, changed_at: NOW } }]);
  given(accountDecider, [registered]).when({ type: 'UpdateProfile', changes: { first_name: 'Isla', title: '' }, now: NOW }).thenNothing();
});

test('a profile update keeps the sign-up rules', () => {
  const error = given(accountDecider, [registered])
    .when({ type: 'UpdateProfile', changes: { first_name: '', phone_number: '12' }, now: NOW })
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, { first_name: ['This field is required'], phone_number: ['Phone number is invalid!'] });
});

test('a profile without a birth date is completed once: DD/MM/YYYY or YYYY-MM-DD, recorded as YYYY-MM-DD', () => {
  const bare: AccountEvent = { ...registered, data: { ...(registered as Extract<AccountEvent, { type: 'UserRegistered' }>).data, phone_number: '', birth_date: null } };
  const outcome = given(accountDecider, [bare])
    .when({ type: 'UpdateProfile', changes: { phone_number: ' 07400 900456 ', birth_date: ' 21/11/2008 ' }, now: NOW });
  outcome.thenEvents([{ type: 'ProfileChanged', data: { user_id: 'u-1', changes: { phone_number: '07400 900456', birth_date: '2008-11-21' }, changed_at: NOW } }]);
  assert.is(outcome.state().profile.birth_date, '2008-11-21');
  given(accountDecider, [bare]).when({ type: 'UpdateProfile', changes: { birth_date: '1975-12-31' }, now: NOW })
    .thenEvents([{ type: 'ProfileChanged', data: { user_id: 'u-1', changes: { birth_date: '1975-12-31' }, changed_at: NOW } }]);
});

test('a birth date given later keeps the sign-up rules: format, 18 or over, not too old', () => {
  const bare: AccountEvent = { ...registered, data: { ...(registered as Extract<AccountEvent, { type: 'UserRegistered' }>).data, birth_date: null } };
  const cases: [string, string][] = [
    ['31/02/1990', 'Enter valid format DD/MM/YYYY'], ['1990/02/14', 'Enter valid format DD/MM/YYYY'], ['', 'This field is required'],
    ['22/11/2008', 'Minimal age is 18!'], ['01/01/1890', 'Too old'],
  ];
  for (const [birth_date, message] of cases) {
    const error = given(accountDecider, [bare]).when({ type: 'UpdateProfile', changes: { birth_date }, now: NOW }).thenError('validation') as ValidationError;
    assert.equal(error.fields, { birth_date: [message] }, birth_date);
  }
});

test('a birth date once held cannot be changed; sending it back unchanged records nothing', () => {
  const error = given(accountDecider, [registered])
    .when({ type: 'UpdateProfile', changes: { first_name: 'Islay', birth_date: '15/02/1990' }, now: NOW })
    .thenError('validation') as ValidationError;
  assert.equal(error.fields, { birth_date: ['Your date of birth cannot be changed.'] });
  given(accountDecider, [registered]).when({ type: 'UpdateProfile', changes: { birth_date: '14/02/1990' }, now: NOW }).thenNothing();
  given(accountDecider, [registered]).when({ type: 'UpdateProfile', changes: { birth_date: '1990-02-14' }, now: NOW }).thenNothing();
});

test('newsletter consent, registration fee and staff flag are recorded once each', () => {
  const subscribed: AccountEvent = { type: 'NewsletterSubscribed', data: { user_id: 'u-1', email: 'isla@whisky.test', subscribed_at: NOW } };
  given(accountDecider, [registered]).when({ type: 'SubscribeNewsletter', now: NOW }).thenEvents([subscribed]);
  given(accountDecider, [registered, subscribed]).when({ type: 'SubscribeNewsletter', now: NOW }).thenNothing();

  const pay = { type: 'RecordRegistrationFeePaid', amount_pence: 500, reference: 'card ch_1', by: 'payments', now: NOW } as const;
  const paid: AccountEvent = { type: 'RegistrationFeePaid', data: { user_id: 'u-1', amount_pence: 500, reference: 'card ch_1', recorded_by: 'payments', paid_at: NOW } };
  given(accountDecider, [registered]).when(pay).thenEvents([paid]);
  given(accountDecider, [registered, paid]).when(pay).thenNothing();
  given(accountDecider, [registered]).when({ ...pay, amount_pence: -1 }).thenError('validation');

  const promote = { type: 'SetStaff', is_staff: true, by: 'admin', now: NOW } as const;
  const promoted: AccountEvent = { type: 'StaffFlagChanged', data: { user_id: 'u-1', is_staff: true, changed_by: 'admin', changed_at: NOW } };
  given(accountDecider, [registered]).when(promote).thenEvents([promoted]);
  given(accountDecider, [registered, promoted]).when(promote).thenNothing();
  assert.is(given(accountDecider, [registered, promoted]).when({ ...promote, is_staff: false }).state().isStaff, false);
});

test('decideAll folds several commands on a new account (scripts: register, verify, staff, fee)', () => {
  const events = decideAll([register(), { type: 'VerifyEmail', now: NOW }, { type: 'SetStaff', is_staff: true, by: 'script', now: NOW }]);
  assert.equal(events.map((e) => e.type), ['UserRegistered', 'EmailVerified', 'StaffFlagChanged']);
});

test.run();
