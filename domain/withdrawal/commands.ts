/** Withdrawal commands: ids, time, the actor and the payout snapshot come in with the command. */
import type { CancelReason, PayoutSnapshot } from './events';

export interface RequestWithdrawal {
  type: 'RequestWithdrawal';
  withdrawal_id: string;
  user_id: string;
  amount_pence: number;
  payout_method: PayoutSnapshot;
  now: string;
}

/** The emailed code was right (checked outside: codes are not events). */
export interface ConfirmWithdrawal { type: 'ConfirmWithdrawal'; now: string }

/** Decides nothing unless the withdrawal still awaits its code (so a sweeper may send it any number of times). */
export interface CancelWithdrawal { type: 'CancelWithdrawal'; reason: CancelReason; now: string }

export interface PayOutWithdrawal { type: 'PayOutWithdrawal'; by: string; reference: string; now: string }

export interface RejectWithdrawal { type: 'RejectWithdrawal'; by: string; reason: string; now: string }

export type WithdrawalCommand = RequestWithdrawal | ConfirmWithdrawal | CancelWithdrawal | PayOutWithdrawal | RejectWithdrawal;
