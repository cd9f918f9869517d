/** Payment commands: the provider's answers, ids and time come in from outside. */
import type { PaymentCreated, PaymentRequested } from './events';

/** Record the payment about to be asked of the provider (before the call). */
export interface RequestPayment { type: 'RequestPayment'; payment: Omit<PaymentRequested['data'], 'at'>; now: string }

/** The provider, asked by the payment's key, has no payment made with it. */
export interface RecordRequestLapsed { type: 'RecordRequestLapsed'; now: string }

export interface CreatePayment { type: 'CreatePayment'; payment: Omit<PaymentCreated['data'], 'at'>; now: string }

export interface RequireChallenge { type: 'RequireChallenge'; now: string }

export interface RecordPaymentSucceeded { type: 'RecordPaymentSucceeded'; now: string }

export interface RecordPaymentFailed { type: 'RecordPaymentFailed'; code: string; message: string; now: string }

/** The house owes this refund (a success for an order cancelled meanwhile, a fee paid twice): made by the provider next. */
export interface DecideRefund { type: 'DecideRefund'; amount_pence: number; reason: string; now: string }

/** The provider made the refund owed (its reference): settles it. */
export interface RecordRefund { type: 'RecordRefund'; refund_ref: string; now: string }

export type PaymentCommand = RequestPayment | RecordRequestLapsed | CreatePayment | RequireChallenge | RecordPaymentSucceeded | RecordPaymentFailed | DecideRefund | RecordRefund;
