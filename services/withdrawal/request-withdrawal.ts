/**
 * POST /api/withdraw/: a withdrawal is requested and its money held in ONE transaction (WithdrawalRequested on
 * `withdrawal-<id>`, HoldPlaced on the wallet, hold id = withdrawal id), and in that same transaction the code is
 * issued and its email queued: either all of it exists or none does. The form is checked against the payout-methods
 * stream and the wallet as folded for this decision (never a lagging read model).
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { EventMetadata } from '../../infra/event-store/types';
import { handleMany, type StreamRef } from '../../infra/commands/multi-stream';
import { issueCode } from '../../infra/codes/verification-codes';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount } from '../accounts/lookup';
import { walletStreamRef } from '../wallet/wallet-commands';
import { walletDecider, available, type WalletState } from '../../domain/wallet/decide';
import { walletStream } from '../../domain/wallet/events';
import { payoutDecider } from '../../domain/withdrawal/payout-method/decide';
import { payoutMethodsStream } from '../../domain/withdrawal/payout-method/events';
import type { PayoutState } from '../../domain/withdrawal/payout-method/state';
import { withdrawalDecider } from '../../domain/withdrawal/decide';
import { withdrawalStream } from '../../domain/withdrawal/events';
import type { WithdrawalState } from '../../domain/withdrawal/state';
import { checkWithdrawalForm, snapshotOf, type WithdrawalForm } from '../../domain/withdrawal/request-rules';
import { penceToDecimal } from '../../domain/shared/money';
import { withdrawalCodeEmail } from './emails';
import { awaitAppends } from './withdrawal-views';
import type { RequestedWithdrawal } from './answers';


export const withdrawalRef = (id: string): StreamRef => ({ streamId: withdrawalStream(id), decider: withdrawalDecider });

export async function requestWithdrawal(ctx: AppContext, userId: string, form: WithdrawalForm, metadata: EventMetadata): Promise<RequestedWithdrawal> {
  // The id comes from nothing secret or guessable; a retried HTTP request is recognised by its Idempotency-Key.
  const id = randomUUID();
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
