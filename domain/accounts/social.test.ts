import { test } from 'uvu';
import { given } from '../shared/given-when-then';
import { accountDecider } from './decide';
import type { LinkSocialIdentity } from './commands';
import type { AccountEvent } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const HASH = 'scrypt$N=131072,r=8,p=1$c2FsdA$a2V5';
const UNUSABLE = 'scrypt$N=131072,r=8,p=1$bm9uZQ$bm9uZQ';
const registered: AccountEvent = {
  type: 'UserRegistered',
  data: {
    user_id: 'u-1', email: 'isla@whisky.test', password_hash: HASH, first_name: 'Isla', last_name: 'Grant', title: null,
    phone_number: '', birth_date: null, vat_enabled: false, vat_number: '', company_name: '', audio_cue: 'audio_1',
    is_audio_cues: true, promotional_email: false, registered_at: NOW,
  },
};
const verified: AccountEvent = { type: 'EmailVerified', data: { user_id: 'u-1', verified_at: NOW } };
const link = (overrides: Partial<LinkSocialIdentity> = {}): LinkSocialIdentity => ({
  type: 'LinkSocialIdentity', provider: 'google', subject: 'g-1', email: 'Isla@Whisky.test', unusable_password_hash: UNUSABLE, now: NOW, ...overrides,
});
const linked: AccountEvent = { type: 'SocialIdentityLinked', data: { user_id: 'u-1', provider: 'google', subject: 'g-1', email: 'isla@whisky.test', linked_at: NOW } };

test('a verified account with the same email links the identity once', () => {
  given(accountDecider, [registered, verified]).when(link()).thenEvents([linked]);
  given(accountDecider, [registered, verified, linked]).when(link()).thenNothing();
});

test("an unverified account is verified and its unproven password replaced", () => {
  given(accountDecider, [registered]).when(link()).thenEvents([
    linked,
    { type: 'EmailVerified', data: { user_id: 'u-1', verified_at: NOW } },
    { type: 'PasswordChanged', data: { user_id: 'u-1', password_hash: UNUSABLE, reason: 'reset', changed_at: NOW } },
  ]);
});

test('another email, or no account, is refused', () => {
  given(accountDecider, [registered, verified]).when(link({ email: 'other@whisky.test' })).thenError('rule_broken', 'This sign-in belongs to another email address.');
  given(accountDecider, []).when(link()).thenError('not_found');
});

test.run();
