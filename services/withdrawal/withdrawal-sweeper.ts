/**
 * Cancels withdrawals left awaiting their code for 24 hours and releases their holds (both streams in one
 * transaction). Runs every minute while the server is up, by ctx.clock. Safe with several processes and repeated
 * passes: cancelling a withdrawal that no longer awaits its code decides nothing, and the append's version check stops
 * a second cancellation.
 */
import type { AppContext } from '../context';
import { handleMany } from '../../infra/commands/multi-stream';
import { eachOnItsOwn, PeriodicTask } from '../../infra/workers/periodic-task';
import { walletStreamRef } from '../wallet/wallet-commands';
import { decideWithWallet } from './withdrawal-decisions';
import { withdrawalRef } from './request-withdrawal';
import { awaitAppends } from './withdrawal-views';
import '../../projections/withdrawal/tables';

export const UNCONFIRMED_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60_000;
const BATCH = 100;

/** One pass: the ids of the withdrawals it cancelled. */
export async function sweepUnconfirmedWithdrawals(ctx: AppContext): Promise<string[]> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - UNCONFIRMED_TTL_MS);
  const due = await ctx.db.selectFrom('withdrawals').select(['id', 'user_id'])
    .where('status', '=', 'awaiting_code').where('created_at', '<=', cutoff)
    .orderBy('created_at').limit(BATCH).execute();
  const cancelled = await eachOnItsOwn(due, async (w) => {
    const outcome = await handleMany(ctx, [withdrawalRef(w.id), walletStreamRef(w.user_id)],
      (states) => decideWithWallet(w.id, w.user_id, { type: 'CancelWithdrawal', reason: 'not_confirmed_in_time', now: now.toISOString() }, states),
      { user_id: 'system' });
    await awaitAppends(ctx, outcome.appends);
    return outcome.result.length > 0;
  }, (err, w) => ctx.log.error({ err, withdrawal_id: w.id }, 'withdrawal sweep failed for one withdrawal'));
  return cancelled.map((w) => w.id);
}

const sweepers = new WeakMap<AppContext, PeriodicTask>();

export function startWithdrawalSweeper(ctx: AppContext): void {
  if (sweepers.has(ctx)) return;
  const sweeper = new PeriodicTask('withdrawal sweep', SWEEP_EVERY_MS, () => sweepUnconfirmedWithdrawals(ctx), ctx.log);
  sweepers.set(ctx, sweeper);
  sweeper.start();
}

export async function stopWithdrawalSweeper(ctx: AppContext): Promise<void> {
  const sweeper = sweepers.get(ctx);
  sweepers.delete(ctx);
  await sweeper?.stop();
}
