/** The payment decider: dispatch only. */
import { assertNever, type Decider } from '../shared/decider';
import type { PaymentCommand } from './commands';
import type { PaymentEvent } from './events';
import { evolvePayment, initialPaymentState, type PaymentState } from './state';
import { createPayment, decideRefund, recordFailed, recordRefund, recordSucceeded, requireChallenge } from './payment-changes';
import { recordRequestLapsed, requestPayment } from './payment-requests';

function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'RequestPayment':
      return requestPayment(command, state);
    case 'RecordRequestLapsed':
      return recordRequestLapsed(command, state);
    case 'CreatePayment':
      return createPayment(command, state);
    case 'RequireChallenge':
      return requireChallenge(command, state);
    case 'RecordPaymentSucceeded':
      return recordSucceeded(command, state);
    case 'RecordPaymentFailed':
      return recordFailed(command, state);
    case 'DecideRefund':
      return decideRefund(command, state);
    case 'RecordRefund':
      return recordRefund(command, state);
    default:
      return assertNever(command);
  }
}

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
