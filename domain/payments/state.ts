/** A payment's state: where it is in its life and what it was created with. */
import { assertNever } from '../shared/decider';
import type { PaymentCreated, PaymentEvent } from './events';

type PaymentStatus = 'none' | 'created' | 'challenge_required' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  payment: PaymentCreated['data'] | null;
  failure: { code: string; message: string } | null;
  refunded_pence: number;
  /** A refund decided and not yet made by the provider. */
  refund_due: { amount_pence: number; reason: string } | null;
}

export const initialPaymentState: PaymentState = Object.freeze({
  status: 'none', payment: null, failure: null, refunded_pence: 0, refund_due: null,
}) as PaymentState;

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentCreated':
      return { ...state, status: 'created', payment: event.data };
    case 'PaymentChallengeRequired':
      return { ...state, status: 'challenge_required' };
    case 'PaymentSucceeded':
      return { ...state, status: 'succeeded' };
    case 'PaymentFailed':
      return { ...state, status: 'failed', failure: { code: event.data.code, message: event.data.message } };
    case 'PaymentRefundDecided':
      return { ...state, refund_due: { amount_pence: event.data.amount_pence, reason: event.data.reason } };
    case 'PaymentRefunded':
      return { ...state, refunded_pence: state.refunded_pence + event.data.amount_pence, refund_due: null };
    default:
      return assertNever(event);
  }
}

/** Money given back, or decided to be: an order payment so refunded did not pay its order. */
export function isRefunded(state: PaymentState): boolean {
  return state.refunded_pence > 0 || state.refund_due !== null;
}

/** Still waiting for the provider's outcome. */
export function isPending(state: PaymentState): boolean {
  return state.status === 'created' || state.status === 'challenge_required';
}
