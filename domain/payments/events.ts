/**
 * A card payment, on the stream `payment-<id>`: requested before the provider is asked (so a payment whose answer
 * never came is still known, and looked up by its key: services/payments/pending-payments.ts), created with the
 * provider's reference, then (after a 3-D Secure
 * challenge or at once) succeeded or failed exactly once; a succeeded payment may be refunded. A refund the house
 * owes is decided first, in the same commit as the reason for it (PaymentRefundDecided), and recorded once the
 * provider has made it (PaymentRefunded): a refund whose provider call failed, or whose process died, is still owed,
 * and services/payments/owed-refunds.ts makes it. A card is only ever its brand, last four and expiry here: never the
 * number or the CVC.
 */

/** `save_card`: a card check that saves the card (nothing charged); `order`: a checkout order (issue #8). */
export type PaymentPurpose = 'registration_fee' | 'save_card' | 'order';

interface PaymentCard { brand: string; last4: string; exp_month: number; exp_year: number }

/** Query parameters handed back to the client after a challenge (a bid that was waiting for the fee). */
export interface ReturnQuery { lot?: string; bid?: string }

export interface PaymentCreated {
  type: 'PaymentCreated';
  data: {
    payment_id: string;
    user_id: string;
    purpose: PaymentPurpose;
    amount_pence: number;
    card: PaymentCard;
    card_holder_name: string;
    /** Save the card once the payment succeeds (always for purpose save_card). */
    save_card: boolean;
    /** The saved card paid with, when one was. */
    saved_card_id: string | null;
    provider: string;
    provider_ref: string;
    return_path: string;
    return_query: ReturnQuery;
    /** Purpose 'order': the order it pays (its success or failure is decided with the payment). */
    order_id?: string;
    at: string;
  };
}

/**
 * About to ask the provider: everything the payment will be created with but the provider's reference. Recorded
 * before the call, so a charge whose answer was lost (a timeout after the card was taken) is found by its key later.
 */
export interface PaymentRequested {
  type: 'PaymentRequested';
  data: Omit<PaymentCreated['data'], 'provider_ref'>;
}

/** The provider was asked by the payment's key and has no payment made with it: nothing was charged. */
export interface PaymentRequestLapsed {
  type: 'PaymentRequestLapsed';
  data: { payment_id: string; user_id: string; at: string };
}

export interface PaymentChallengeRequired {
  type: 'PaymentChallengeRequired';
  data: { payment_id: string; user_id: string; provider_ref: string; at: string };
}

export interface PaymentSucceeded {
  type: 'PaymentSucceeded';
  data: { payment_id: string; user_id: string; provider_ref: string; at: string };
}

export interface PaymentFailed {
  type: 'PaymentFailed';
  data: { payment_id: string; user_id: string; code: string; message: string; at: string };
}

export interface PaymentRefunded {
  type: 'PaymentRefunded';
  data: { payment_id: string; user_id: string; amount_pence: number; reason: string; refund_ref: string; at: string };
}

export interface PaymentRefundDecided {
  type: 'PaymentRefundDecided';
  data: { payment_id: string; user_id: string; amount_pence: number; reason: string; at: string };
}

export type PaymentEvent = PaymentRequested | PaymentRequestLapsed | PaymentCreated | PaymentChallengeRequired | PaymentSucceeded | PaymentFailed | PaymentRefundDecided | PaymentRefunded;

export const PAYMENT_EVENT_TYPES: readonly PaymentEvent['type'][] = [
  'PaymentRequested', 'PaymentRequestLapsed', 'PaymentCreated', 'PaymentChallengeRequired', 'PaymentSucceeded', 'PaymentFailed', 'PaymentRefundDecided', 'PaymentRefunded',
];

export const paymentStream = (paymentId: string) => `payment-${paymentId}`;
