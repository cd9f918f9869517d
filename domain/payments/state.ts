/** A payment's state: where it is in its life and what it was created with. */
import { assertNever } from '../shared/decider';
import type { PaymentCreated, PaymentEvent } from './events';

type PaymentStatus = 'none' | 'created' | 'challenge_required' | 'succeeded' | 'failed';

export interface PaymentState {
  status: PaymentStatus;
  payment: PaymentCreated['data'] | null;
  failure: { code: string; message: string } | null;
  refunded_pence: number;
}

export const initialPaymentState: PaymentState = Object.freeze({ status: 'none', payment: null, failure: null, refunded_pence: 0 }) as PaymentState;

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
    case 'PaymentRefunded':
      return { ...state, refunded_pence: state.refunded_pence + event.data.amount_pence };
    default:
      return assertNever(event);
  }
}

/** Still waiting for the provider's outcome. */
export function isPending(state: PaymentState): boolean {
  return state.status === 'created' || state.status === 'challenge_required';
}
