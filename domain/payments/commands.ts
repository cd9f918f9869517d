/** Payment commands: the provider's answers, ids and time come in from outside. */
import type { PaymentCreated } from './events';

export interface CreatePayment { type: 'CreatePayment'; payment: Omit<PaymentCreated['data'], 'at'>; now: string }

export interface RequireChallenge { type: 'RequireChallenge'; now: string }

export interface RecordPaymentSucceeded { type: 'RecordPaymentSucceeded'; now: string }

export interface RecordPaymentFailed { type: 'RecordPaymentFailed'; code: string; message: string; now: string }

export interface RecordRefund { type: 'RecordRefund'; amount_pence: number; reason: string; refund_ref: string; now: string }

export type PaymentCommand = CreatePayment | RequireChallenge | RecordPaymentSucceeded | RecordPaymentFailed | RecordRefund;
