/** Payment commands: the provider's answers, ids and time come in from outside. */
import type { PaymentCreated } from './events';

export interface CreatePayment { type: 'CreatePayment'; payment: Omit<PaymentCreated['data'], 'at'>; now: string }

export interface RequireChallenge { type: 'RequireChallenge'; now: string }

export interface RecordPaymentSucceeded { type: 'RecordPaymentSucceeded'; now: string }

export interface RecordPaymentFailed { type: 'RecordPaymentFailed'; code: string; message: string; now: string }

/** The house owes this refund (a success for an order cancelled meanwhile, a fee paid twice): made by the provider next. */
export interface DecideRefund { type: 'DecideRefund'; amount_pence: number; reason: string; now: string }

/** The provider made the refund owed (its reference): settles it. */
export interface RecordRefund { type: 'RecordRefund'; refund_ref: string; now: string }

export type PaymentCommand = CreatePayment | RequireChallenge | RecordPaymentSucceeded | RecordPaymentFailed | DecideRefund | RecordRefund;
