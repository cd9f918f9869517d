/**
 * A payment's request, recorded before the provider is asked: once per attempt (asking again while it stands, or once
 * the payment is made, adds nothing: a retry with the same key); again after it lapsed (a retry after the provider
 * was found to have nothing). It lapses only while it stands, never once the payment is made.
 */
import type { RecordRequestLapsed, RequestPayment } from './commands';
import type { PaymentRequested, PaymentRequestLapsed } from './events';
import { at, checkAmount } from './payment-changes';
import type { PaymentState } from './state';

export function requestPayment(command: RequestPayment, state: PaymentState): PaymentRequested[] {
  if (state.status !== 'none' && state.status !== 'lapsed') return [];
  checkAmount(command.payment.amount_pence);
  return [{ type: 'PaymentRequested', data: { ...command.payment, at: at(command.now) } }];
}

export function recordRequestLapsed(command: RecordRequestLapsed, state: PaymentState): PaymentRequestLapsed[] {
  const request = state.request;
  if (state.status !== 'requested' || !request) return [];
  return [{ type: 'PaymentRequestLapsed', data: { payment_id: request.payment_id, user_id: request.user_id, at: at(command.now) } }];
}
