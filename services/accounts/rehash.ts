/**
 * Upgrading a stored hash made with older parameters, right after the password was proven right (only then do we
 * hold the plain password). Best effort: a busy queue or a lost race leaves the old hash, which still verifies, and
 * the next good login tries again.
 */
import type { Logger } from 'pino';
import type { AppContext } from '../context';
import type { PasswordWork } from './password-work';
import type { AccountState } from '../../domain/accounts/state';
import { runAccountCommand } from './account-commands';

export type RehashContext = Pick<AppContext, 'commands' | 'clock'> & { log: Pick<Logger, 'warn'>; passwords: Pick<PasswordWork, 'hash'> };

/** `ctx`: the bid process's, or the sign-in thread's (sign-in-steps.ts), which hashes on its own thread. */
export async function upgradeHash(ctx: RehashContext, account: AccountState, password: string): Promise<void> {
  try {
    const password_hash = await ctx.passwords.hash(password);
    // previous_hash: if the password changed since it was checked, the decider records nothing.
    await runAccountCommand(ctx, account.userId, {
      type: 'RehashPassword', previous_hash: account.passwordHash, password_hash, now: ctx.clock.now().toISOString(),
    }, { user_id: account.userId });
  } catch (error) {
    ctx.log.warn({ err: error, user_id: account.userId }, 'password rehash skipped');
  }
}
