/**
 * Linking a provider's account (Google, Facebook) to this one. The provider vouches for the email, so the link is
 * made only to the account that holds that same email, and it verifies the email if it was not yet.
 *
 * An unverified account's password was never proven to belong to the email's owner: someone could have registered
 * the address first and kept the password (pre-hijacking). So linking such an account also replaces its password
 * with one nobody knows (the owner can set one by "forgot password").
 */
import { NotFound, RuleBroken } from '../shared/errors';
import type { LinkSocialIdentity } from './commands';
import { normaliseEmail, type AccountEvent } from './events';
import type { AccountState } from './state';

const SOCIAL_EMAIL_MISMATCH = 'This sign-in belongs to another email address.';

export function linkSocialIdentity(command: LinkSocialIdentity, state: AccountState): AccountEvent[] {
  if (!state.exists) throw new NotFound('User not found.');
  if (normaliseEmail(command.email) !== state.email) throw new RuleBroken(SOCIAL_EMAIL_MISMATCH);
  const at = new Date(command.now).toISOString();
  const events: AccountEvent[] = [];
  if (!state.socialIdentities.includes(`${command.provider}:${command.subject}`)) {
    events.push({ type: 'SocialIdentityLinked', data: { user_id: state.userId, provider: command.provider, subject: command.subject, email: state.email, linked_at: at } });
  }
  if (!state.verified) {
    events.push({ type: 'EmailVerified', data: { user_id: state.userId, verified_at: at } });
    events.push({ type: 'PasswordChanged', data: { user_id: state.userId, password_hash: command.unusable_password_hash, reason: 'reset', changed_at: at } });
  }
  return events;
}
