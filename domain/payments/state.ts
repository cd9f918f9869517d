/** A payment's state: where it is in its life and what it was created with. */
import { assertNever } from '../shared/decider';
import type { PaymentCreated, PaymentEvent, PaymentRequested } from './events';

/** `requested`: the provider is being asked (or its answer was lost); `lapsed`: it had no payment by the key. */
type PaymentStatus = 'none' | 'requested' | 'lapsed' | 'created' | 'challenge_required' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  /** What the provider was asked for, recorded before the call (null for payments made before it was recorded). */
  request: PaymentRequested['data'] | null;
  payment: PaymentCreated['data'] | null;
  failure: { code: string; message: string } | null;
  refunded_pence: number;
  /** A refund decided and not yet made by the provider. */
  refund_due: { amount_pence: number; reason: string } | null;
}

export const initialPaymentState: PaymentState = Object.freeze({
  status: 'none', request: null, payment: null, failure: null, refunded_pence: 0, refund_due: null,
}) as PaymentState;

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentRequested':
      return { ...state, status: 'requested', request: event.data };
    case 'PaymentRequestLapsed':
      return { ...state, status: 'lapsed' };
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

/** Not created yet: never asked, being asked, or asked and found never made (a retry with its key may still make it). */
export function awaitsCreation(state: PaymentState): boolean {
  return state.status === 'none' || state.status === 'requested' || state.status === 'lapsed';
}
