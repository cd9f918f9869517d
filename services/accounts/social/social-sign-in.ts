/**
 * Signing in with a provider's checked profile: the account holding the verified email is signed in (and the
 * identity linked to it, on its stream), or a new verified account is made for it. A new account has only the
 * names the provider gave (when they pass the name rules), so its profile is incomplete and the client asks for
 * the rest in SignUpSocial. The answer is login's tokens plus the user and `is_completed`.
 */
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { ValidationError } from '../../../domain/shared/errors';
import { MSG, validateName } from '../../../domain/accounts/rules';
import { findUserIdByEmail } from '../lookup';
import { createAccount } from '../create-account';
import { awaitProjected, runAccountCommand } from '../account-commands';
import { openSession, revokeUserSessions } from '../sessions';
import { getUserById, toUserView, userViewOfState } from '../queries';
import type { z } from 'zod';
import type { socialSignedInAnswer } from '../answers';
import { loadAccount } from '../lookup';
import type { SocialProfile } from './providers';

/** A password nobody knows: the account signs in through the provider until its owner sets one (reset link). */
const unusablePasswordHash = (ctx: AppContext) => ctx.passwords.hash(randomBytes(32).toString('base64url'));

const nameOrBlank = (name: string) => (validateName(name) ? '' : name.trim());

export async function socialSignIn(ctx: AppContext, profile: SocialProfile, requestId: string): Promise<z.infer<typeof socialSignedInAnswer>> {
  const { userId, created } = await linkOrCreate(ctx, profile, requestId);
  // The account's own state answers when the users view is behind (a committed sign-in never fails for it).
  const [row, { state }] = await Promise.all([getUserById(ctx.db, userId), loadAccount(ctx, userId)]);
  const user = row ? toUserView(row) : userViewOfState(state);
  const session = await openSession(ctx, { id: userId, is_staff: state.isStaff }, false);
  return {
    access: session.access, refresh: session.refresh, is_staff: state.isStaff, is_auditor: state.isAuditor,
    created, is_completed: user.is_completed, user,
  };
}

async function linkOrCreate(ctx: AppContext, profile: SocialProfile, requestId: string): Promise<{ userId: string; created: boolean }> {
  const existing = await findUserIdByEmail(ctx, profile.email);
  if (existing) return { userId: await link(ctx, existing, profile, requestId), created: false };
  try {
    const made = await createAccount(ctx, {
      email: profile.email, password_hash: await unusablePasswordHash(ctx), verified: true, by: 'self',
      profile: { first_name: nameOrBlank(profile.first_name), last_name: nameOrBlank(profile.last_name) },
      social: { provider: profile.provider, subject: profile.subject },
    }, { request_id: requestId });
    await awaitProjected(ctx, made.append);
    return { userId: made.user_id, created: true };
  } catch (error) {
    // A parallel sign-in (or sign-up) claimed the email first: link to that account instead.
    if (!(error instanceof ValidationError && error.fields.email?.includes(MSG.emailTaken))) throw error;
    const winner = await findUserIdByEmail(ctx, profile.email);
    if (!winner) throw error;
    return { userId: await link(ctx, winner, profile, requestId), created: false };
  }
}

async function link(ctx: AppContext, userId: string, profile: SocialProfile, requestId: string): Promise<string> {
  const outcome = await runAccountCommand(ctx, userId, {
    type: 'LinkSocialIdentity', provider: profile.provider, subject: profile.subject, email: profile.email,
    unusable_password_hash: await unusablePasswordHash(ctx), now: ctx.clock.now().toISOString(),
  }, { user_id: userId, request_id: requestId });
  // An unverified account's password was replaced: whoever signed in with the old one is signed out.
  if (outcome.events.some((e) => e.type === 'PasswordChanged')) await revokeUserSessions(ctx, userId, 'password_reset');
  await awaitProjected(ctx, outcome.append);
  return userId;
}
