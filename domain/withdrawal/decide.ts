/** The withdrawal decider: dispatch only. */
import { assertNever, type Decider } from '../shared/decider';
import type { WithdrawalCommand } from './commands';
import type { WithdrawalEvent } from './events';
import { evolveWithdrawal, initialWithdrawalState, type WithdrawalState } from './state';
import { cancelWithdrawal, confirmWithdrawal, payOutWithdrawal, rejectWithdrawal, requestWithdrawal } from './lifecycle';

function decideWithdrawal(command: WithdrawalCommand, state: WithdrawalState): WithdrawalEvent[] {
  switch (command.type) {
    case 'RequestWithdrawal':
      return requestWithdrawal(command, state);
    case 'ConfirmWithdrawal':
      return confirmWithdrawal(command, state);
    case 'CancelWithdrawal':
      return cancelWithdrawal(command, state);
    case 'PayOutWithdrawal':
      return payOutWithdrawal(command, state);
    case 'RejectWithdrawal':
      return rejectWithdrawal(command, state);
    default:
      return assertNever(command);
  }
}

export const withdrawalDecider: Decider<WithdrawalState, WithdrawalCommand, WithdrawalEvent> = {
  initialState: initialWithdrawalState,
  evolve: evolveWithdrawal,
  decide: decideWithdrawal,
};
