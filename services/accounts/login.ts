/**
 * Signing in with email and password. The order is the defence: what this process knows in memory (an address's
 * queue refusals, a full queue: no query at all), then the throttles (cheap queries), then the password check through
 * the bounded hashing queue (ctx.passwords). A locked account or address costs no hash, and a flood gets 503s instead
 * of an unbounded pile of hashing jobs. The steps after the in-memory part are sign-in-steps.ts; a trusted sign-in
 * runs them on the sign-in thread when it is running (docs/accounts.md, "Sign-ins on their own thread").
 */
import type { AppContext } from '../context';
import { RuleBroken, Throttled, Unavailable } from '../../domain/shared/errors';
import { throttledMessage } from './throttle';
import type { Standing } from './prompt-lane';
import { signInSteps, type LoginAnswer, type PasswordCheck, type SignInOutcome } from './sign-in-steps';

/** One message for an unknown email and a wrong password: the answer never tells which accounts exist. */
export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';
export const EMAIL_NOT_VERIFIED = 'Your email address is not verified yet. We have sent you a new verification link.';

export interface LoginInput { email: string; password: string; remember_me: boolean }
export type { LoginAnswer };

export async function login(ctx: AppContext, input: LoginInput, ip: string): Promise<LoginAnswer> {
  const now = ctx.clock.now();
  const refused = ctx.passwords.refusals.lockedFor(ip, now);
  if (refused > 0) throw new Throttled(throttledMessage(refused), refused);
  // A returning address, or one with no refusal or failure lately, waits ahead of a flood's addresses.
  const standing: Standing | null = ctx.passwords.trusted.has(ip, now) ? 'returning' : ctx.passwords.refusals.isClean(ip, now) ? 'clean' : null;
  const trusted = standing !== null;
  if (ctx.passwords.isFull(standing)) {
    ctx.passwords.refusals.note(ip, now);
    throw ctx.passwords.busy();
  }
  let queueRefusal: Unavailable | null = null;
  const check: PasswordCheck = async (stored) => {
    try {
      return await (stored === null ? ctx.passwords.verifyAgainstNothing(input.password, standing) : ctx.passwords.verify(input.password, stored, standing));
    } catch (error) {
      if (!(error instanceof Unavailable)) throw error;
      ctx.passwords.refusals.note(ip, now);
      queueRefusal = error;
      return 'unavailable';
    }
  };
  const request = { ...input, ip, now };
  const outcome = (standing ? await onThread(ctx, request, check, standing) : null) ?? await signInSteps(inProcess(ctx, trusted), request, check);
  return settle(ctx, outcome, ip, now, queueRefusal);
}

/**
 * A trusted sign-in on the sign-in thread, off this event loop; null when the thread is not running (or failed this
 * sign-in), and the login runs here. The prompt lane's budget is decided here: with it the thread checks the password
 * itself, without it the check comes back to this process's hashing queue (`check`).
 */
async function onThread(ctx: AppContext, request: LoginInput & { ip: string; now: Date }, check: PasswordCheck, standing: Standing): Promise<SignInOutcome | null> {
  const thread = ctx.signInThread;
  if (!thread?.isRunning()) return null;
  const { email, password, remember_me, ip, now } = request;
  const prompt = ctx.passwords.takePrompt(standing);
  const outcome = await thread.signIn({ email, password, remember_me, ip, now: now.getTime(), prompt }, check);
  // The thread checked no password with it (throttled), or the login runs here: the budget goes back. Otherwise one
  // address could spend it on logins to a locked account, which cost no hash.
  if (prompt && (outcome === null || outcome.kind === 'throttled')) ctx.passwords.returnPrompt();
  return outcome;
}

/**
 * In this process: a trusted sign-in's queries run on a pool of their own (ctx.signIn): under a bid storm the main
 * pool's queue cost a login 100-500 ms a query, and a flood's queries there would cost it as much (docs/benchmarks.md,
 * "Logins under a flood"). The others stay on the main pool, whose size bounds what they can take from the bids.
 */
function inProcess(ctx: AppContext, trusted: boolean) {
  return trusted ? { ...ctx, ...ctx.signIn } : ctx;
}

/** The outcome as the answer or the error, with this process's memory of the address kept up to date. */
function settle(ctx: AppContext, outcome: SignInOutcome, ip: string, now: Date, queueRefusal: Unavailable | null): LoginAnswer {
  switch (outcome.kind) {
    case 'throttled':
      throw new Throttled(throttledMessage(outcome.seconds), outcome.seconds);
    case 'unavailable':
      throw queueRefusal ?? ctx.passwords.busy();
    case 'bad-credentials':
      ctx.passwords.refusals.note(ip, now);
      throw new RuleBroken(BAD_CREDENTIALS);
  }
  ctx.passwords.refusals.forget(ip);
  ctx.passwords.trusted.add(ip, now);
  if (outcome.kind === 'not-verified') throw new RuleBroken(EMAIL_NOT_VERIFIED);
  return outcome.answer;
}
