/** Staff set the overdraft: how far below zero available may go. */
import { RuleBroken } from '../shared/errors';
import type { ChangeOverdraft } from './commands';
import type { WalletEvent } from './events';
import { available, type WalletState } from './state';
import { FieldCheck, formatPounds, instant } from './rules';

export function changeOverdraft(command: ChangeOverdraft, state: WalletState): WalletEvent[] {
  const check = new FieldCheck();
  if (!Number.isSafeInteger(command.limit_pence)) check.add('limit', 'The overdraft limit must be a whole number of pence.');
  else if (command.limit_pence < 0) check.add('limit', 'The overdraft limit cannot be negative.');
  check.required('reason', command.reason).required('by', command.by).done();
  const at = instant(command.now);
  if (command.limit_pence === state.overdraftLimit) return [];
  // Lowering is allowed down to the current debt, never below it: the invariant available >= -limit must hold.
  const debt = Math.max(0, -available(state));
  if (command.limit_pence < debt) throw new RuleBroken(`The overdraft cannot be lower than the current debt of ${formatPounds(debt)}.`);
  return [{
    type: 'OverdraftChanged',
    data: {
      user_id: command.user_id, limit_pence: command.limit_pence, previous_limit_pence: state.overdraftLimit, by: command.by,
      reason: command.reason.trim(), at,
    },
  }];
}
