/**
 * Guesses at emailed tokens and codes: while an address (and the owner, when known) has too many failed checks in
 * the window, every check is refused before it runs, the right one too (otherwise guessing simply goes on). Only
 * failures count, so a person who opens a link twice never gets near the limit.
 */
import type { AppContext } from '../context';
import { ValidationError } from '../../domain/shared/errors';
import { limitsOf, type Message } from './limits';

const tooManyWrong: Message = (seconds) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many wrong codes or links. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

export async function assertMayGuess(ctx: AppContext, ip: string, userId?: string): Promise<void> {
  const limits = limitsOf(ctx);
  await limits.assertOpen('guess_address', ip, tooManyWrong);
  if (userId) await limits.assertOpen('guess_account', userId, tooManyWrong);
}

export async function countWrongGuess(ctx: AppContext, ip: string, userId?: string): Promise<void> {
  const limits = limitsOf(ctx);
  await limits.count('guess_address', ip);
  if (userId) await limits.count('guess_account', userId);
}

/**
 * Runs a token check under the address's guess limit: a ValidationError it throws (a bad, used or expired token)
 * counts as a wrong guess. `isWrong` narrows that when the same call can refuse other fields (a weak new password).
 */
export async function guarded<T>(
  ctx: AppContext, ip: string, check: () => Promise<T>, isWrong: (error: ValidationError) => boolean = () => true,
): Promise<T> {
  await assertMayGuess(ctx, ip);
  try {
    return await check();
  } catch (error) {
    if (error instanceof ValidationError && isWrong(error)) await countWrongGuess(ctx, ip);
    throw error;
  }
}
