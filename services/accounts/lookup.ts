/**
 * Reading accounts from the event store itself (not the read model), for decisions that must not lag: login,
 * password checks, uniqueness. The command handler caches folded states, so this is cheap.
 */
import type { AppContext } from '../context';
import { accountDecider } from '../../domain/accounts/decide';
import { emailClaimStream, userStream, type EmailClaimed } from '../../domain/accounts/events';
import type { AccountState } from '../../domain/accounts/state';

export async function findUserIdByEmail(ctx: Pick<AppContext, 'store'>, email: string): Promise<string | null> {
  const [claim] = await ctx.store.readStream<EmailClaimed>(emailClaimStream(email));
  return claim ? claim.data.user_id : null;
}

export async function loadAccount(ctx: Pick<AppContext, 'commands'>, userId: string): Promise<{ state: AccountState; version: number }> {
  return ctx.commands.load(userStream(userId), accountDecider);
}

export async function loadAccountByEmail(ctx: Pick<AppContext, 'store' | 'commands'>, email: string): Promise<AccountState | null> {
  const userId = await findUserIdByEmail(ctx, email);
  if (!userId) return null;
  const { state } = await loadAccount(ctx, userId);
  return state.exists ? state : null;
}
