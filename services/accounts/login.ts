/**
 * Signing in with email and password. The order is the defence: what this process knows in memory (an address's
 * queue refusals, a full queue: no query at all), then the throttles (cheap queries), then the password check through
 * the bounded hashing queue (ctx.passwords). A locked account or address costs no hash, and a flood gets 503s instead
 * of an unbounded pile of hashing jobs.
 */
import type { AppContext } from '../context';
import { RuleBroken, Throttled, Unavailable } from '../../domain/shared/errors';
import { loadAccountByEmail } from './lookup';
import { assertLoginAllowed, recordLoginFailure, recordLoginSuccess, throttledMessage } from './throttle';
import { openSession } from './sessions';
import { resendVerification } from './registration';
import { upgradeHash } from './rehash';

/** One message for an unknown email and a wrong password: the answer never tells which accounts exist. */
const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';
const EMAIL_NOT_VERIFIED = 'Your email address is not verified yet. We have sent you a new verification link.';

interface LoginInput { email: string; password: string; remember_me: boolean }
interface LoginAnswer { access: string; refresh: string; is_staff: boolean; is_auditor: boolean }

export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginAnswer> {
  const source = { email: input.email, ip };
  const now = ctx.clock.now();
  const refused = ctx.passwords.refusals.lockedFor(ip, now);
  if (refused > 0) throw new Throttled(throttledMessage(refused), refused);
  // A returning address, or one with no refusal or failure lately, waits ahead of a flood's addresses.
  const trusted = ctx.passwords.trusted.has(ip, now) || ctx.passwords.refusals.isClean(ip, now);
  if (ctx.passwords.isFull(trusted)) {
    ctx.passwords.refusals.note(ip, now);
    throw ctx.passwords.busy();
  }
  // A trusted sign-in's queries run on a pool of their own (ctx.signIn): under a bid storm the main pool's queue cost
  // a login 100-500 ms a query, and a flood's queries there would cost it as much (docs/benchmarks.md, "Logins under
  // a flood"). The others stay on the main pool, whose size bounds what they can take from the bids.
  const own = trusted ? ctx.signIn : ctx;
  await assertLoginAllowed(own.db, source, now);
  const account = await loadAccountByEmail(own, input.email);
  const check = account
    ? ctx.passwords.verify(input.password, account.passwordHash, trusted)
    : ctx.passwords.verifyAgainstNothing(input.password, trusted);
  const checked = await check.catch((error: unknown) => {
      if (error instanceof Unavailable) ctx.passwords.refusals.note(ip, now);
      throw error;
    });
  if (!account || !checked.ok) {
    ctx.passwords.refusals.note(ip, now);
    await recordLoginFailure(own.db, source, ctx.clock.now());
    throw new RuleBroken(BAD_CREDENTIALS);
  }
  await recordLoginSuccess(own.db, source, ctx.clock.now());
  ctx.passwords.refusals.forget(ip);
  ctx.passwords.trusted.add(ip, now);
  if (checked.needsRehash) await upgradeHash(ctx, account, input.password);
  if (!account.verified) {
    await resendVerification(ctx, account);
    throw new RuleBroken(EMAIL_NOT_VERIFIED);
  }
  const session = await openSession({ ...ctx, db: own.db }, { id: account.userId, is_staff: account.isStaff }, input.remember_me);
  return { access: session.access, refresh: session.refresh, is_staff: account.isStaff, is_auditor: account.isAuditor };
}
