/** The voucher decider: dispatch only. Stream `voucher-<CODE>` (domain/orders/events.ts). */
import { assertNever, type Decider } from '../../shared/decider';
import type { VoucherEvent } from '../events';
import type { VoucherCommand } from './commands';
import { evolveVoucher, initialVoucherState, type VoucherState } from './state';
import { issueVoucher } from './issue-voucher';
import { redeemVoucher, reverseRedemption } from './redeem-voucher';

function decideVoucher(command: VoucherCommand, state: VoucherState): VoucherEvent[] {
  switch (command.type) {
    case 'IssueVoucher':
      return issueVoucher(command, state);
    case 'RedeemVoucher':
      return redeemVoucher(command, state);
    case 'ReverseVoucherRedemption':
      return reverseRedemption(command, state);
    default:
      return assertNever(command);
  }
}

export const voucherDecider: Decider<VoucherState, VoucherCommand, VoucherEvent> = {
  initialState: initialVoucherState,
  evolve: evolveVoucher,
  decide: decideVoucher,
};
