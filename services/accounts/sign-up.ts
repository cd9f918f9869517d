/**
 * POST /api/auth/register/ without telling who has an account: a taken email gets the same 201 and message as a
 * new one, and the owner of the existing account is emailed instead (at most once an hour, through the outbox).
 * The password is hashed on both paths, so the answer's timing does not tell them apart either.
 * Limits: accepted forms per client address and per email (new and taken count alike).
 */
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { normaliseEmail } from '../../domain/accounts/events';
import { MSG } from '../../domain/accounts/rules';
import type { RegistrationForm } from '../../domain/accounts/registration-form';
import type { AccountState } from '../../domain/accounts/state';
import { limitsOf } from '../limits/limits';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccountByEmail } from './lookup';
import { register } from './registration';
import { registrationAttemptEmail } from './emails';

const WARN_EVERY_MS = 60 * 60 * 1000;

export async function signUp(ctx: AppContext, form: RegistrationForm, ip: string, requestId: string): Promise<void> {
  const limits = limitsOf(ctx);
  await limits.take('register_address', ip);
  await limits.take('register_email', normaliseEmail(form.email));
  const password_hash = await ctx.passwords.hash(form.password);
  const existing = await loadAccountByEmail(ctx, form.email);
  if (existing) return warnOwner(ctx, existing);
  try {
    await register(ctx, { ...form, password: '' }, { id: requestId, ip }, undefined, password_hash);
  } catch (error) {
    // A parallel sign-up claimed the email first: the same answer as any taken email.
    if (!(error instanceof ValidationError && error.fields.email?.includes(MSG.emailTaken))) throw error;
    const winner = await loadAccountByEmail(ctx, form.email);
    if (winner) await warnOwner(ctx, winner);
  }
}

async function warnOwner(ctx: AppContext, account: AccountState): Promise<void> {
  const now = ctx.clock.now();
  const email = registrationAttemptEmail(ctx.config, account.email, account.profile.first_name);
  await queueEmail(ctx.db, { ...email, dedupe_key: `register-attempt:${account.userId}:${Math.floor(now.getTime() / WARN_EVERY_MS)}`, now });
}
