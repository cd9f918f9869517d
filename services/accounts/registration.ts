/** Sign-up and email verification. */
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import type { RegistrationForm } from '../../domain/accounts/registration-form';
import type { AccountState } from '../../domain/accounts/state';
import { queueEmail } from '../../infra/mail/outbox';
import { createAccount } from './create-account';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { verificationEmail } from './emails';
import { awaitProjected, runAccountCommand } from './account-commands';
import { openSession } from './sessions';
import { limitsOf } from '../limits/limits';
import type { Db } from '../../infra/db/database';

export const REGISTERED = 'Registration successful. Please check your email to verify your account.';
const VERIFY_TOKEN_INVALID = 'This verification link is invalid or has expired.';
const RESEND_EVERY_MS = 15 * 60 * 1000;

/**
 * `request`: its id goes into the events' metadata; its address is limited (`register_address`) before the password
 * is hashed, unless the caller hashed it already after taking that limit itself (sign-up.ts).
 * `within` adds work to the account's transaction (a valuation request made while signing up), so both exist or neither.
 */
export async function register(
  ctx: AppContext, form: RegistrationForm, request: { id: string; ip: string }, within?: (trx: Db, userId: string) => Promise<void>,
  /** Already hashed (sign-up hashes before it knows whether the email is taken, after its own limits). */
  passwordHash?: string,
): Promise<string> {
  const now = ctx.clock.now();
  const created = await createAccount(ctx, {
    email: form.email,
    ...(passwordHash ? { password_hash: passwordHash } : { password: form.password }),
    profile: {
      first_name: form.first_name, last_name: form.last_name, title: form.title, phone_number: form.phone_number,
      birth_date: form.birth_date, vat_enabled: form.vat_enabled, vat_number: form.vat_number, company_name: form.company_name,
    },
    by: 'self',
  }, { request_id: request.id }, async (trx, { user_id, first_event_id }) => {
    const token = await issueEmailToken(trx, 'verify_email', user_id, now);
    const email = verificationEmail(ctx.config, form.email.trim().toLowerCase(), form.first_name.trim(), token);
    await queueEmail(trx, { ...email, dedupe_key: `verify-email:${first_event_id}`, now });
    await within?.(trx, user_id);
  }, passwordHash ? undefined : () => limitsOf(ctx).take('register_address', request.ip));
  return created.user_id;
}

/** Uses the emailed token once, marks the email verified and signs the user in. */
export async function verifyEmailToken(ctx: AppContext, token: string, requestId: string) {
  const userId = await consumeEmailToken(ctx.db, 'verify_email', token, ctx.clock.now());
  if (!userId) throw new ValidationError({ token: [VERIFY_TOKEN_INVALID] });
  const outcome = await runAccountCommand(ctx, userId, { type: 'VerifyEmail', now: ctx.clock.now().toISOString() }, { user_id: userId, request_id: requestId });
  await awaitProjected(ctx, outcome.append);
  const session = await openSession(ctx, { id: userId, is_staff: outcome.state.isStaff }, false);
  return { access: session.access, refresh: session.refresh, is_staff: outcome.state.isStaff };
}

/** A fresh verification link for an unverified account, at most one per 15 minutes (keyed in the outbox). */
export async function resendVerification(ctx: Pick<AppContext, 'clock' | 'db' | 'config'>, account: AccountState): Promise<void> {
  const now = ctx.clock.now();
  const key = `verify-resend:${account.userId}:${Math.floor(now.getTime() / RESEND_EVERY_MS)}`;
  const skipped = Symbol('already sent');
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueEmailToken(trx, 'verify_email', account.userId, now);
    const email = verificationEmail(ctx.config, account.email, account.profile.first_name, token);
    if (!(await queueEmail(trx, { ...email, dedupe_key: key, now }))) throw skipped;
  }).catch((error) => {
    if (error !== skipped) throw error;
  });
}
