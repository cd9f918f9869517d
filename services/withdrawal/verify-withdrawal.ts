/**
 * POST /api/withdraw/{id}/verify/ and /update_code/. The code check and its consequence commit together: in one
 * transaction (handleMany's check step) the code row is locked and checked, and the withdrawal's events (confirmed;
 * or, at the fifth wrong code, cancelled with the wallet hold released) are appended with their expected versions. A wrong try with tries
 * left appends nothing but its count is committed (never thrown away by an exception). On a version conflict the
 * transaction (the counted try included) is rolled back and everything is done again.
 *
 * Five wrong codes count per withdrawal, across the codes sent for it: asking for a new code does not buy more tries.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { DomainEvent, EventMetadata } from '../../infra/event-store/types';
import { checkCode, issueCode, MAX_WRONG_TRIES, type CodeSubject } from '../../infra/codes/verification-codes';
import { queueEmail } from '../../infra/mail/outbox';
import { loadAccount } from '../accounts/lookup';
import { walletStreamRef } from '../wallet/wallet-commands';
import { NotFound } from '../../domain/shared/errors';
import { penceToDecimal } from '../../domain/shared/money';
import { handleMany, type MultiDecision } from '../../infra/commands/multi-stream';
import { WITHDRAWAL_NOT_FOUND, settledMessage } from '../../domain/withdrawal/lifecycle';
import type { WithdrawalState } from '../../domain/withdrawal/state';
import { withdrawalStream } from '../../domain/withdrawal/events';
import { withdrawalCodeEmail } from './emails';
import { assertMayResend, CODE_MISSING, CODE_NONE, codeRefusal, refusedMessage, wrongCode } from './code-messages';
import type { CodeRefusal } from './answers';
import { decideWithWallet } from './withdrawal-decisions';
import { withdrawalRef } from './request-withdrawal';
import { awaitAppends } from './withdrawal-views';
import type { Db } from '../../infra/db/database';

const TOO_MANY_CANCELLED = 'Too many wrong codes: the withdrawal has been cancelled and the amount returned to your balance.';
const NEW_CODE_SENT = 'We have emailed you a new code. It is valid for 10 minutes.';

type VerifyAnswer = { status: 200; body: { id: string; status: 'confirmed'; msg: string } } | { status: 400; body: CodeRefusal };

const subjectOf = (w: WithdrawalState): CodeSubject => ({ userId: w.userId, purpose: 'withdrawal', subjectId: w.id });

/** The caller's own withdrawal (anyone else's, or none: 404). */
async function ownWithdrawal(ctx: AppContext, userId: string, withdrawalId: string): Promise<WithdrawalState> {
  const { state } = await ctx.commands.load(withdrawalStream(withdrawalId), withdrawalRef(withdrawalId).decider);
  const w = state as WithdrawalState;
  if (!w.exists || w.userId !== userId) throw new NotFound(WITHDRAWAL_NOT_FOUND);
  return w;
}

/** The answer before the code is checked: a final one (settled, no code), or null (check the code). */
type Pending = MultiDecision<VerifyAnswer | null>;

export async function verifyWithdrawal(ctx: AppContext, userId: string, withdrawalId: string, code: string, metadata: EventMetadata): Promise<VerifyAnswer> {
  await ownWithdrawal(ctx, userId, withdrawalId);
  const answer = (result: VerifyAnswer, events: Record<string, DomainEvent[]> = {}): Pending => ({ events, result });
  const { result, appends } = await handleMany(ctx, [withdrawalRef(withdrawalId), walletStreamRef(userId)], (states): Pending => {
    const w = states[withdrawalStream(withdrawalId)] as WithdrawalState;
    if (w.status !== 'awaiting_code') return answer({ status: 400, body: codeRefusal(settledMessage(w.status ?? 'cancelled')) });
    if (code === '') return answer({ status: 400, body: codeRefusal(CODE_MISSING) });
    return { events: {}, result: null };
  }, metadata, undefined, {
    // The code is checked (and a wrong try counted) in the transaction that appends its consequence.
    check: async (trx, states, pending) => {
      if (pending.result) return pending;
      const w = states[withdrawalStream(withdrawalId)] as WithdrawalState;
      const now = ctx.clock.now().toISOString();
      const check = await checkCode(ctx, trx, subjectOf(w), code);
      if (check.ok) {
        const msg = `Your withdrawal is confirmed. We will pay it to ${w.payoutMethod?.label ?? 'your bank account'} shortly.`;
        const { events } = decideWithWallet(withdrawalId, userId, { type: 'ConfirmWithdrawal', now }, states);
        return answer({ status: 200, body: { id: withdrawalId, status: 'confirmed', msg } }, events);
      }
      if (check.reason === 'wrong' || check.reason === 'too_many') {
        const wrong = await wrongTries(trx, subjectOf(w));
        if (wrong < MAX_WRONG_TRIES) return answer({ status: 400, body: codeRefusal(wrongCode(MAX_WRONG_TRIES - wrong)) });
        const { events } = decideWithWallet(withdrawalId, userId, { type: 'CancelWithdrawal', reason: 'too_many_wrong_codes', now }, states);
        return answer({ status: 400, body: codeRefusal(TOO_MANY_CANCELLED) }, events);
      }
      return answer({ status: 400, body: codeRefusal(refusedMessage(check)) });
    },
  });
  const verified = result as VerifyAnswer;
  if (verified.status === 400 && appends.length === 0 && verified.body.msg === CODE_NONE) {
    // The code was used by a request that got there first (same code sent twice at once): say what happened.
    const now = (await ownWithdrawal(ctx, userId, withdrawalId)).status;
    if (now && now !== 'awaiting_code') return { status: 400, body: codeRefusal(settledMessage(now)) };
  }
  if (appends.length > 0) await awaitAppends(ctx, appends);
  return verified;
}

/** Wrong tries over every code sent for this withdrawal. */
async function wrongTries(trx: Db, subject: CodeSubject): Promise<number> {
  const { rows } = await sql<{ wrong: number }>`
    SELECT coalesce(sum(attempts), 0)::int AS wrong FROM verification_codes
    WHERE user_id = ${subject.userId} AND purpose = ${subject.purpose} AND subject_id = ${subject.subjectId}`.execute(trx);
  return rows[0]?.wrong ?? 0;
}

type UpdateCodeAnswer = { status: 200; body: { id: string; code_expires_at: string; msg: string } } | { status: 400; body: CodeRefusal };

/** A new code (the old one stops working), only while the withdrawal awaits its code; at most one per 30 seconds. */
export async function updateWithdrawalCode(ctx: AppContext, userId: string, withdrawalId: string): Promise<UpdateCodeAnswer> {
  const w = await ownWithdrawal(ctx, userId, withdrawalId);
  if (w.status !== 'awaiting_code') return { status: 400, body: codeRefusal(settledMessage(w.status ?? 'cancelled')) };
  const { state: account } = await loadAccount(ctx, userId);
  const now = ctx.clock.now();
  const expiresAt = await ctx.db.transaction().execute(async (trx) => {
    await assertMayResend(trx, subjectOf(w), now);
    const issued = await issueCode(ctx, trx, subjectOf(w));
    const email = withdrawalCodeEmail(account.email, account.profile.first_name, issued.code, penceToDecimal(w.amountPence), w.payoutMethod?.label ?? 'your bank account');
    await queueEmail(trx, { ...email, now });
    return issued.expiresAt;
  });
  return { status: 200, body: { id: withdrawalId, code_expires_at: expiresAt.toISOString(), msg: NEW_CODE_SENT } };
}
