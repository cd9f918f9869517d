/**
 * POST /api/withdraw/: a withdrawal is requested and its money held in ONE transaction (WithdrawalRequested on
 * `withdrawal-<id>`, HoldPlaced on the wallet, hold id = withdrawal id), and in that same transaction the code is
 * issued and its email queued: either all of it exists or none does. The form is checked against the payout-methods
 * stream and the wallet as folded for this decision (never a lagging read model).
 *
 * The id comes from the request's Idempotency-Key (infra/http/keyed-ids.ts), so the route resumes: a retry after a
 * crash that followed the commit finds the withdrawal its first run requested and answers it (its code already sent),
 * holding and emailing nothing again.
 */
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { handleMany, type StreamRef } from '../../infra/commands/multi-stream';
import { currentCodeExpiry, issueCode } from '../../infra/codes/verification-codes';
import { Conflict } from '../../domain/shared/errors';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount } from '../accounts/lookup';
import { walletStreamRef } from '../wallet/wallet-commands';
import { walletDecider, available, type WalletState } from '../../domain/wallet/decide';
import { walletStream } from '../../domain/wallet/events';
import { payoutDecider } from '../../domain/withdrawal/payout-method/decide';
import { payoutMethodsStream } from '../../domain/withdrawal/payout-method/events';
import type { PayoutState } from '../../domain/withdrawal/payout-method/state';
import { withdrawalDecider } from '../../domain/withdrawal/decide';
import { withdrawalStream, type WithdrawalStatus } from '../../domain/withdrawal/events';
import type { WithdrawalState } from '../../domain/withdrawal/state';
import { checkWithdrawalForm, snapshotOf, type WithdrawalForm } from '../../domain/withdrawal/request-rules';
import { penceToDecimal } from '../../domain/shared/money';
import { withdrawalCodeEmail } from './emails';
import { awaitAppends } from './withdrawal-views';
import type { RequestedWithdrawal } from './answers';


export const withdrawalRef = (id: string): StreamRef => ({ streamId: withdrawalStream(id), decider: withdrawalDecider });

export async function requestWithdrawal(ctx: AppContext, userId: string, id: string, form: WithdrawalForm, metadata: EventMetadata): Promise<RequestedWithdrawal> {
  const made = await requestedBefore(ctx, userId, id);
  if (made) return made;
  const { state: account } = await loadAccount(ctx, userId);
  const now = ctx.clock.now();
  const at = now.toISOString();
  let codeExpiresAt: Date | null = null;
  const outcome = await handleMany(ctx, [withdrawalRef(id), walletStreamRef(userId), { streamId: payoutMethodsStream(userId), decider: payoutDecider }],
    (states) => {
      const wallet = states[walletStream(userId)] as WalletState;
      const checked = checkWithdrawalForm(form, states[payoutMethodsStream(userId)] as PayoutState, available(wallet));
      const snapshot = snapshotOf(checked.method);
      const requested = withdrawalDecider.decide({
        type: 'RequestWithdrawal', withdrawal_id: id, user_id: userId, amount_pence: checked.amount_pence, payout_method: snapshot, now: at,
      }, states[withdrawalStream(id)] as WithdrawalState);
      const held = walletDecider.decide({
        type: 'PlaceHold', user_id: userId, hold_id: id, amount_pence: checked.amount_pence, purpose: 'withdrawal',
        description: `Withdrawal to ${snapshot.label}`, reference: id, allow_overdraft: false, now: at,
      }, wallet);
      return { events: { [withdrawalStream(id)]: requested, [walletStream(userId)]: held }, result: { snapshot, amountPence: checked.amount_pence } };
    },
    metadata,
    async (trx, decision) => {
      const { code, expiresAt } = await issueCode(ctx, trx, { userId, purpose: 'withdrawal', subjectId: id });
      const { snapshot, amountPence } = decision.result;
      await queueEmail(trx, { ...withdrawalCodeEmail(account.email, account.profile.first_name, code, penceToDecimal(amountPence), snapshot.label), now });
      codeExpiresAt = expiresAt;
    });
  await awaitAppends(ctx, outcome.appends);
  return {
    id, amount: penceToDecimal(outcome.result.amountPence), status: 'awaiting_code', payment_method: outcome.result.snapshot,
    created_at: at, code_expires_at: (codeExpiresAt as Date | null)?.toISOString() ?? at,
  };
}

const STATUS_NOW: Record<WithdrawalStatus, string> = {
  awaiting_code: 'waiting for its code',
  confirmed: 'confirmed', cancelled: 'cancelled', paid_out: 'paid out', rejected: 'rejected',
};

/** The withdrawal this request already made (a resumed run), answered as when it was made; null when there is none. */
async function requestedBefore(ctx: AppContext, userId: string, id: string): Promise<RequestedWithdrawal | null> {
  const { state } = await ctx.commands.load(withdrawalStream(id), withdrawalDecider);
  if (!state.exists || state.userId !== userId || !state.status || !state.payoutMethod || !state.requestedAt) return null;
  if (state.status !== 'awaiting_code') {
    throw new Conflict(`This withdrawal was already requested, and it is now ${STATUS_NOW[state.status]}.`);
  }
  const expiresAt = await currentCodeExpiry(ctx, { userId, purpose: 'withdrawal', subjectId: id });
  return {
    id, amount: penceToDecimal(state.amountPence), status: 'awaiting_code', payment_method: state.payoutMethod,
    created_at: state.requestedAt, code_expires_at: (expiresAt ?? new Date(state.requestedAt)).toISOString(),
  };
}
