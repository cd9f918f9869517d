/**
 * The payment rules (its request before the provider is asked: payment-requests.ts): created once; a challenge only right after creation; succeeded or failed only while pending,
 * and only once (repeating the same outcome adds nothing, so a second return from the provider is harmless; the
 * opposite outcome is refused); refunds only of a succeeded payment, never more than was paid; one refund owed at a
 * time (deciding it again adds nothing), and the refund made settles it.
 */
import { Conflict, NotFound, RuleBroken, ValidationError } from '../shared/errors';
import type { CreatePayment, DecideRefund, RecordPaymentFailed, RecordPaymentSucceeded, RecordRefund, RequireChallenge } from './commands';
import type { PaymentChallengeRequired, PaymentCreated, PaymentFailed, PaymentRefundDecided, PaymentRefunded, PaymentSucceeded } from './events';
import { awaitsCreation, isPending, type PaymentState } from './state';

const PAYMENT_MSG = {
  exists: 'This payment already exists.',
  notFound: 'Payment not found.',
  alreadySucceeded: 'This payment has already succeeded.',
  alreadyFailed: 'This payment has already failed.',
  notRefundable: 'Only a succeeded payment can be refunded.',
  refundTooLarge: 'The refund is more than what is left of the payment.',
} as const;

export const at = (now: string) => new Date(now).toISOString();

export function checkAmount(amountPence: number): void {
  if (!Number.isInteger(amountPence) || amountPence < 0) throw new ValidationError({ amount: ['Enter a valid amount.'] });
}

function created(state: PaymentState): NonNullable<PaymentState['payment']> {
  if (!state.payment) throw new NotFound(PAYMENT_MSG.notFound);
  return state.payment;
}

export function createPayment(command: CreatePayment, state: PaymentState): PaymentCreated[] {
  if (!awaitsCreation(state)) throw new Conflict(PAYMENT_MSG.exists);
  const p = command.payment;
  checkAmount(p.amount_pence);
  return [{ type: 'PaymentCreated', data: { ...p, at: at(command.now) } }];
}

export function requireChallenge(command: RequireChallenge, state: PaymentState): PaymentChallengeRequired[] {
  const p = created(state);
  if (state.status === 'challenge_required') return [];
  if (state.status !== 'created') throw new Conflict(state.status === 'succeeded' ? PAYMENT_MSG.alreadySucceeded : PAYMENT_MSG.alreadyFailed);
  return [{ type: 'PaymentChallengeRequired', data: { payment_id: p.payment_id, user_id: p.user_id, provider_ref: p.provider_ref, at: at(command.now) } }];
}

export function recordSucceeded(command: RecordPaymentSucceeded, state: PaymentState): PaymentSucceeded[] {
  const p = created(state);
  if (state.status === 'succeeded') return [];
  if (!isPending(state)) throw new Conflict(PAYMENT_MSG.alreadyFailed);
  return [{ type: 'PaymentSucceeded', data: { payment_id: p.payment_id, user_id: p.user_id, provider_ref: p.provider_ref, at: at(command.now) } }];
}

export function recordFailed(command: RecordPaymentFailed, state: PaymentState): PaymentFailed[] {
  const p = created(state);
  if (state.status === 'failed') return [];
  if (!isPending(state)) throw new Conflict(PAYMENT_MSG.alreadySucceeded);
  return [{ type: 'PaymentFailed', data: { payment_id: p.payment_id, user_id: p.user_id, code: command.code, message: command.message, at: at(command.now) } }];
}

/** A refund of `amount` may be given: the payment succeeded, and it is a whole positive amount within what is left. */
function checkRefund(amount: number, state: PaymentState): NonNullable<PaymentState['payment']> {
  const p = created(state);
  if (state.status !== 'succeeded') throw new RuleBroken(PAYMENT_MSG.notRefundable);
  if (!Number.isInteger(amount) || amount <= 0) throw new ValidationError({ amount: ['Enter a valid amount.'] });
  if (amount > p.amount_pence - state.refunded_pence) throw new RuleBroken(PAYMENT_MSG.refundTooLarge);
  return p;
}

export function decideRefund(command: DecideRefund, state: PaymentState): PaymentRefundDecided[] {
  if (state.refund_due) return [];
  const p = checkRefund(command.amount_pence, state);
  return [{
    type: 'PaymentRefundDecided',
    data: { payment_id: p.payment_id, user_id: p.user_id, amount_pence: command.amount_pence, reason: command.reason, at: at(command.now) },
  }];
}

/** The owed refund, made: recorded once (nothing when none is owed, e.g. a second maker of the same refund). */
export function recordRefund(command: RecordRefund, state: PaymentState): PaymentRefunded[] {
  const due = state.refund_due;
  if (!due) return [];
  const p = checkRefund(due.amount_pence, state);
  return [{
    type: 'PaymentRefunded',
    data: { payment_id: p.payment_id, user_id: p.user_id, amount_pence: due.amount_pence, reason: due.reason, refund_ref: command.refund_ref, at: at(command.now) },
  }];
}
