/**
 * Password reset (by emailed link) and change (signed in). Both end every session of the user: a stolen session
 * does not survive the owner changing the password. The change answers fresh tokens for a new session, so the
 * device that made the change stays signed in; everywhere else has to sign in again.
 */
import type { AppContext } from '../context';
import type { AuthUser } from '../../infra/http/auth';
import { ValidationError } from '../../domain/shared/errors';
import { MSG, validatePassword } from '../../domain/accounts/rules';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount, loadAccountByEmail } from './lookup';
import { allowResetEmail, assertLoginAllowed, clearAccountFailures, recordLoginFailure, recordLoginSuccess } from './throttle';
import { consumeEmailToken, issueEmailToken, peekEmailToken, voidEmailTokens } from './email-tokens';
import { passwordResetEmail } from './emails';
import { awaitProjected, runAccountCommand } from './account-commands';
import { openSession, revokeUserSessions, type RevokeReason } from './sessions';
import type { PasswordChangeReason } from '../../domain/accounts/events';

export const RESET_REQUESTED = 'If an account exists for this email, we have sent a link to reset the password.';
const RESET_TOKEN_INVALID = 'This password reset link is invalid or has expired.';
export const RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
const PASSWORD_CHANGED = 'Your password has been changed.';
const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
const SAME_PASSWORD = 'The new password must be different from the current one.';

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const account = await loadAccountByEmail(ctx, email);
  const now = ctx.clock.now();
  if (!account || !(await allowResetEmail(ctx.db, email, now))) return;
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueEmailToken(trx, 'password_reset', account.userId, now);
    await queueEmail(trx, { ...passwordResetEmail(ctx.config, account.email, account.profile.first_name, token), now });
  });
}

export async function assertResetTokenValid(ctx: AppContext, token: string): Promise<void> {
  if (!(await peekEmailToken(ctx.db, 'password_reset', token, ctx.clock.now()))) throw new ValidationError({ token: [RESET_TOKEN_INVALID] });
}

export async function confirmPasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  const problem = validatePassword(password);
  if (problem) throw new ValidationError({ password: [problem] });
  await assertResetTokenValid(ctx, token); // before the slow hash: only a holder of a live link can cause one
  const hash = await ctx.passwords.hash(password);
  const userId = await consumeEmailToken(ctx.db, 'password_reset', token, ctx.clock.now());
  if (!userId) throw new ValidationError({ token: [RESET_TOKEN_INVALID] });
  await applyNewPassword(ctx, userId, hash, 'reset', 'password_reset');
  // The link came to their inbox, so the address is theirs: this also verifies an unverified account.
  const verified = await runAccountCommand(ctx, userId, { type: 'VerifyEmail', now: ctx.clock.now().toISOString() }, { user_id: userId });
  // The owner proved the email: a guess spread over many addresses no longer keeps them out (docs/accounts.md).
  await clearAccountFailures(ctx.db, verified.state.email);
  await awaitProjected(ctx, verified.append);
}

export async function changePassword(ctx: AppContext, caller: AuthUser, current: string, next: string, ip: string) {
  const fields: Record<string, string[]> = {};
  if (!current) fields.current_password = [MSG.passwordRequired];
  const problem = validatePassword(next);
  if (problem) fields.new_password = [problem];
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  const { state } = await loadAccount(ctx, caller.id);
  const source = { email: state.email, ip };
  await assertLoginAllowed(ctx.db, source, ctx.clock.now()); // before the hash: a locked account costs none
  if (!(await ctx.passwords.verify(current, state.passwordHash)).ok) {
    await recordLoginFailure(ctx.db, source, ctx.clock.now());
    throw new ValidationError({ current_password: [WRONG_CURRENT_PASSWORD] });
  }
  await recordLoginSuccess(ctx.db, source, ctx.clock.now());
  if (current === next) throw new ValidationError({ new_password: [SAME_PASSWORD] });
  await applyNewPassword(ctx, caller.id, await ctx.passwords.hash(next), 'change', 'password_changed');
  const session = await openSession(ctx, { id: caller.id, is_staff: state.isStaff }, false);
  return { detail: PASSWORD_CHANGED, access: session.access, refresh: session.refresh, is_staff: state.isStaff };
}

async function applyNewPassword(ctx: AppContext, userId: string, hash: string, reason: PasswordChangeReason, revoke: RevokeReason): Promise<void> {
  const outcome = await runAccountCommand(ctx, userId, { type: 'ChangePassword', password_hash: hash, reason, now: ctx.clock.now().toISOString() }, { user_id: userId });
  await revokeUserSessions(ctx, userId, revoke);
  await voidEmailTokens(ctx.db, 'password_reset', userId, ctx.clock.now());
  await awaitProjected(ctx, outcome.append);
}
