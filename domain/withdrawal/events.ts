/**
 * Withdrawal events, on the stream `withdrawal-<id>`. The money itself moves on the wallet stream (HoldPlaced,
 * HoldCaptured, HoldReleased with hold_id = withdrawal id), appended in the same transaction as these.
 *
 * awaiting_code --Confirmed--> confirmed --PaidOut--> paid_out
 *       |                          \--Rejected--> rejected
 *       |--Cancelled (5 wrong codes, or not confirmed within 24 hours)--> cancelled
 *       \--Rejected--> rejected
 */

export type WithdrawalStatus = 'awaiting_code' | 'confirmed' | 'cancelled' | 'paid_out' | 'rejected';

export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ['awaiting_code', 'confirmed', 'cancelled', 'paid_out', 'rejected'];

/** Where the money goes, as it was when requested (a later edit of the method does not change a request). */
export interface PayoutSnapshot { id: string; type: 'UK_BANK' | 'INT_BANK'; label: string }

export type CancelReason = 'too_many_wrong_codes' | 'not_confirmed_in_time';

interface WithdrawalRequested {
  type: 'WithdrawalRequested';
  data: { withdrawal_id: string; user_id: string; amount_pence: number; payout_method: PayoutSnapshot; at: string };
}

interface WithdrawalConfirmed {
  type: 'WithdrawalConfirmed';
  data: { withdrawal_id: string; user_id: string; at: string };
}

interface WithdrawalCancelled {
  type: 'WithdrawalCancelled';
  data: { withdrawal_id: string; user_id: string; amount_pence: number; reason: CancelReason; at: string };
}

/** `by`: the staff user; `reference`: the bank transfer's reference. */
interface WithdrawalPaidOut {
  type: 'WithdrawalPaidOut';
  data: { withdrawal_id: string; user_id: string; amount_pence: number; by: string; reference: string; at: string };
}

interface WithdrawalRejected {
  type: 'WithdrawalRejected';
  data: { withdrawal_id: string; user_id: string; amount_pence: number; by: string; reason: string; at: string };
}

export type WithdrawalEvent = WithdrawalRequested | WithdrawalConfirmed | WithdrawalCancelled | WithdrawalPaidOut | WithdrawalRejected;

export const WITHDRAWAL_EVENT_TYPES: readonly WithdrawalEvent['type'][] = [
  'WithdrawalRequested', 'WithdrawalConfirmed', 'WithdrawalCancelled', 'WithdrawalPaidOut', 'WithdrawalRejected',
];

export const withdrawalStream = (withdrawalId: string) => `withdrawal-${withdrawalId}`;
