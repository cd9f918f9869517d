/**
 * A sign-in's steps after what the bid process decides in memory (login.ts): the throttles, the account, the password
 * check, the failure or success record, the rehash upgrade, the verification resend and the new session. The same
 * steps run in the bid process (login.ts) and on the sign-in thread (sign-in-thread/), so both answer alike; they end
 * in an outcome, not an error, because the main thread keeps the in-memory bookkeeping (refusals, trusted addresses)
 * and turns the outcome into the answer or the error (login.ts, `settle`).
 */
import type { Logger } from 'pino';
import type { AppContext } from '../context';
import type { Verified } from './passwords';
import type { PasswordWork } from './password-work';
import { Throttled } from '../../domain/shared/errors';
import { loadAccountByEmail } from './lookup';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess } from './throttle';
import { openSession } from './sessions';
import { resendVerification } from './registration';
import { upgradeHash } from './rehash';

export interface LoginAnswer { access: string; refresh: string; is_staff: boolean; is_auditor: boolean }

export interface SignInRequest { email: string; password: string; remember_me: boolean; ip: string; now: Date }

export type SignInOutcome =
  | { kind: 'signed-in'; answer: LoginAnswer }
  | { kind: 'bad-credentials' }
  | { kind: 'throttled'; seconds: number }
  | { kind: 'not-verified' }
  /** The hashing queue refused the check (503); the caller of `check` kept the error. */
  | { kind: 'unavailable' };

/** The password check: `stored` null for an email with no account (a check against nothing, same cost). */
export type PasswordCheck = (stored: string | null) => Promise<Verified | 'unavailable'>;

/** What the steps use: the bid process's context (with its sign-in pool) or the sign-in thread's own. */
export type SignInContext = Pick<AppContext, 'config' | 'db' | 'store' | 'commands' | 'clock' | 'tokens'> & {
  log: Pick<Logger, 'warn'>;
  passwords: Pick<PasswordWork, 'hash'>;
};

export async function signInSteps(ctx: SignInContext, request: SignInRequest, check: PasswordCheck): Promise<SignInOutcome> {
  const source = { email: request.email, ip: request.ip };
  try {
    await assertLoginAllowed(ctx.db, source, request.now);
  } catch (error) {
    if (error instanceof Throttled) return { kind: 'throttled', seconds: error.retryAfterSeconds };
    throw error;
  }
  const account = await loadAccountByEmail(ctx, request.email);
  const checked = await check(account ? account.passwordHash : null);
  if (checked === 'unavailable') return { kind: 'unavailable' };
  if (!account || !checked.ok) {
    await recordLoginFailure(ctx.db, source, ctx.clock.now());
    return { kind: 'bad-credentials' };
  }
  await recordLoginSuccess(ctx.db, source, ctx.clock.now());
  if (checked.needsRehash) await upgradeHash(ctx, account, request.password);
  if (!account.verified) {
    await resendVerification(ctx, account);
    return { kind: 'not-verified' };
  }
  const session = await openSession(ctx, { id: account.userId, is_staff: account.isStaff }, request.remember_me);
  return { kind: 'signed-in', answer: { access: session.access, refresh: session.refresh, is_staff: account.isStaff, is_auditor: account.isAuditor } };
}
