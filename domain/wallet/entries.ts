/** Money in and money out: one ledger entry each, identified by the caller's entry id (a retry records nothing). */
import { RuleBroken } from '../shared/errors';
import type { CreditWallet, DebitWallet } from './commands';
import type { WalletEvent } from './events';
import { available, type WalletState } from './state';
import { FieldCheck, formatPounds, instant, optionalText } from './rules';

/** Staff adjustments must say why (the reason is kept on the event for audit). */
function checkEntry(command: CreditWallet | DebitWallet): void {
  const check = new FieldCheck().required('entry_id', command.entry_id).amount('amount', command.amount_pence).required('description', command.description);
  if (command.kind === 'adjustment') check.required('reason', command.reason).required('by', command.by);
  check.done();
}

export function creditWallet(command: CreditWallet, state: WalletState): WalletEvent[] {
  checkEntry(command);
  const at = instant(command.now);
  if (state.usedIds[command.entry_id]) return [];
  return [{
    type: 'WalletCredited',
    data: {
      user_id: command.user_id, entry_id: command.entry_id, amount_pence: command.amount_pence, kind: command.kind,
      description: command.description.trim(), reference: optionalText(command.reference), by: command.by,
      reason: optionalText(command.reason), at,
    },
  }];
}

/** Refused when available would go below minus the overdraft. */
export function debitWallet(command: DebitWallet, state: WalletState): WalletEvent[] {
  checkEntry(command);
  const at = instant(command.now);
  if (state.usedIds[command.entry_id]) return [];
  const spendable = available(state) + state.overdraftLimit;
  if (command.amount_pence > spendable) {
    throw new RuleBroken(`The wallet does not have enough funds: at most ${formatPounds(Math.max(0, spendable))} can be debited.`);
  }
  return [{
    type: 'WalletDebited',
    data: {
      user_id: command.user_id, entry_id: command.entry_id, amount_pence: command.amount_pence, kind: command.kind,
      description: command.description.trim(), reference: optionalText(command.reference), by: command.by,
      reason: optionalText(command.reason), at,
    },
  }];
}
