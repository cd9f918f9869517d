/**
 * Staff settle a withdrawal: pay it out (WithdrawalPaidOut + the wallet's HoldCaptured) or reject it
 * (WithdrawalRejected + HoldReleased), both streams in one transaction, and the user is told by email in it too.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { handleMany } from '../../infra/commands/multi-stream';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount } from '../accounts/lookup';
import { walletStreamRef } from '../wallet/wallet-commands';
import { NotFound } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { WITHDRAWAL_NOT_FOUND } from '../../domain/withdrawal/lifecycle';
import type { WithdrawalCommand } from '../../domain/withdrawal/commands';
import type { WithdrawalState } from '../../domain/withdrawal/state';
import { withdrawalStream, type WithdrawalEvent } from '../../domain/withdrawal/events';
import { withdrawalPaidOutEmail, withdrawalRejectedEmail } from './emails';
import { decideWithWallet } from './withdrawal-decisions';
import { withdrawalRef } from './request-withdrawal';
import { awaitAppends } from './withdrawal-views';

/** What the staff command decided: the withdrawal as its stream now holds it, and the events it appended. */
interface StaffDecision { state: WithdrawalState; events: WithdrawalEvent[] }

async function settle(ctx: AppContext, withdrawalId: string, command: WithdrawalCommand, metadata: EventMetadata): Promise<StaffDecision> {
  const { state } = await ctx.commands.load(withdrawalStream(withdrawalId), withdrawalRef(withdrawalId).decider);
  const w = state as WithdrawalState;
  if (!w.exists) throw new NotFound(WITHDRAWAL_NOT_FOUND);
  const { state: account } = await loadAccount(ctx, w.userId);
  const now = ctx.clock.now();
  const outcome = await handleMany(ctx, [withdrawalRef(withdrawalId), walletStreamRef(w.userId)],
    (states) => decideWithWallet(withdrawalId, w.userId, command, states),
    metadata,
    async (trx, decision) => {
      for (const event of decision.result) {
        const amount = penceToDecimal(w.amountPence);
        if (event.type === 'WithdrawalPaidOut') {
          const email = withdrawalPaidOutEmail(account.email, account.profile.first_name, amount, w.payoutMethod?.label ?? 'your bank account', event.data.reference);
          await queueEmail(trx, { ...email, now, dedupe_key: `withdrawal-paid-out-${withdrawalId}` });
        } else if (event.type === 'WithdrawalRejected') {
          const email = withdrawalRejectedEmail(account.email, account.profile.first_name, amount, event.data.reason);
          await queueEmail(trx, { ...email, now, dedupe_key: `withdrawal-rejected-${withdrawalId}` });
        }
      }
    });
  await awaitAppends(ctx, outcome.appends);
  return { state: outcome.states[withdrawalStream(withdrawalId)] as WithdrawalState, events: outcome.result as WithdrawalEvent[] };
}

export function payOutWithdrawal(ctx: AppContext, withdrawalId: string, staffId: string, reference: string, metadata: EventMetadata): Promise<StaffDecision> {
  return settle(ctx, withdrawalId, { type: 'PayOutWithdrawal', by: staffId, reference, now: ctx.clock.now().toISOString() }, metadata);
}

export function rejectWithdrawal(ctx: AppContext, withdrawalId: string, staffId: string, reason: string, metadata: EventMetadata): Promise<StaffDecision> {
  return settle(ctx, withdrawalId, { type: 'RejectWithdrawal', by: staffId, reason, now: ctx.clock.now().toISOString() }, metadata);
}
