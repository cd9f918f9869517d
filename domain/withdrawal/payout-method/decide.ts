/** The payout-methods decider: dispatch only. */
import { assertNever, type Decider } from '../../shared/decider';
import type { PayoutCommand } from './commands';
import type { PayoutEvent } from './events';
import { evolvePayout, initialPayoutState, type PayoutState } from './state';
import { addPayoutMethod, changePayoutMethod } from './change-methods';

function decidePayout(command: PayoutCommand, state: PayoutState): PayoutEvent[] {
  switch (command.type) {
    case 'AddPayoutMethod':
      return addPayoutMethod(command, state);
    case 'ChangePayoutMethod':
      return changePayoutMethod(command, state);
    default:
      return assertNever(command);
  }
}

export const payoutDecider: Decider<PayoutState, PayoutCommand, PayoutEvent> = {
  initialState: initialPayoutState,
  evolve: evolvePayout,
  decide: decidePayout,
};
