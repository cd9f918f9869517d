/** Withdrawal state: where it stands and what it moves. */
import { assertNever } from '../shared/decider';
import type { PayoutSnapshot, WithdrawalEvent, WithdrawalStatus } from './events';

export interface WithdrawalState {
  exists: boolean;
  id: string;
  userId: string;
  amountPence: number;
  status: WithdrawalStatus | null;
  payoutMethod: PayoutSnapshot | null;
  requestedAt: string | null;
}

export const initialWithdrawalState: WithdrawalState = Object.freeze({
  exists: false, id: '', userId: '', amountPence: 0, status: null, payoutMethod: null, requestedAt: null,
}) as WithdrawalState;

export function evolveWithdrawal(state: WithdrawalState, event: WithdrawalEvent): WithdrawalState {
  switch (event.type) {
    case 'WithdrawalRequested': {
      const d = event.data;
      return {
        exists: true, id: d.withdrawal_id, userId: d.user_id, amountPence: d.amount_pence, status: 'awaiting_code',
        payoutMethod: d.payout_method, requestedAt: d.at,
      };
    }
    case 'WithdrawalConfirmed':
      return { ...state, status: 'confirmed' };
    case 'WithdrawalCancelled':
      return { ...state, status: 'cancelled' };
    case 'WithdrawalPaidOut':
      return { ...state, status: 'paid_out' };
    case 'WithdrawalRejected':
      return { ...state, status: 'rejected' };
    default:
      return assertNever(event);
  }
}
