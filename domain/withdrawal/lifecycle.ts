/** One function per withdrawal command. */
import { assertNever } from '../shared/decider';
import { Conflict, NotFound, RuleBroken, ValidationError } from '../shared/errors';
import type { CancelWithdrawal, ConfirmWithdrawal, PayOutWithdrawal, RejectWithdrawal, RequestWithdrawal } from './commands';
import type { WithdrawalEvent, WithdrawalStatus } from './events';
import type { WithdrawalState } from './state';

export const WITHDRAWAL_NOT_FOUND = 'Withdrawal not found.';
const NOT_CONFIRMED_YET = 'This withdrawal is not confirmed yet.';
export const REFERENCE_REQUIRED = 'Enter the bank transfer reference.';
export const REASON_REQUIRED = 'Enter a reason.';

/** Why a withdrawal no longer takes a code (or a staff action): the user-facing `msg`/`detail`. */
export function settledMessage(status: Exclude<WithdrawalStatus, 'awaiting_code'>): string {
  switch (status) {
    case 'confirmed':
      return 'This withdrawal is already confirmed.';
    case 'cancelled':
      return 'This withdrawal has been cancelled.';
    case 'paid_out':
      return 'This withdrawal has already been paid out.';
    case 'rejected':
      return 'This withdrawal has been rejected.';
    default:
      return assertNever(status);
  }
}

function existing(state: WithdrawalState): WithdrawalStatus {
  if (!state.exists || state.status === null) throw new NotFound(WITHDRAWAL_NOT_FOUND);
  return state.status;
}

export function requestWithdrawal(c: RequestWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  if (state.exists) throw new Conflict('This withdrawal already exists.');
  if (!Number.isSafeInteger(c.amount_pence) || c.amount_pence <= 0) throw new ValidationError({ amount: ['Amount must be greater than 0'] });
  return [{
    type: 'WithdrawalRequested',
    data: { withdrawal_id: c.withdrawal_id, user_id: c.user_id, amount_pence: c.amount_pence, payout_method: c.payout_method, at: c.now },
  }];
}

export function confirmWithdrawal(c: ConfirmWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  const status = existing(state);
  if (status !== 'awaiting_code') throw new RuleBroken(settledMessage(status));
  return [{ type: 'WithdrawalConfirmed', data: { withdrawal_id: state.id, user_id: state.userId, at: c.now } }];
}

export function cancelWithdrawal(c: CancelWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  if (existing(state) !== 'awaiting_code') return [];
  return [{ type: 'WithdrawalCancelled', data: { withdrawal_id: state.id, user_id: state.userId, amount_pence: state.amountPence, reason: c.reason, at: c.now } }];
}

export function payOutWithdrawal(c: PayOutWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  const status = existing(state);
  const reference = c.reference.trim();
  if (reference === '') throw new ValidationError({ reference: [REFERENCE_REQUIRED] });
  if (status === 'awaiting_code') throw new RuleBroken(NOT_CONFIRMED_YET);
  if (status !== 'confirmed') throw new RuleBroken(settledMessage(status));
  return [{
    type: 'WithdrawalPaidOut',
    data: { withdrawal_id: state.id, user_id: state.userId, amount_pence: state.amountPence, by: c.by, reference, at: c.now },
  }];
}

/** Staff may refuse a withdrawal that is confirmed or still awaiting its code. */
export function rejectWithdrawal(c: RejectWithdrawal, state: WithdrawalState): WithdrawalEvent[] {
  const status = existing(state);
  const reason = c.reason.trim();
  if (reason === '') throw new ValidationError({ reason: [REASON_REQUIRED] });
  if (status !== 'confirmed' && status !== 'awaiting_code') throw new RuleBroken(settledMessage(status));
  return [{
    type: 'WithdrawalRejected',
    data: { withdrawal_id: state.id, user_id: state.userId, amount_pence: state.amountPence, by: c.by, reason, at: c.now },
  }];
}
