/**
 * Two-phase money out (withdrawals): a hold sets money aside from available; later it is captured (the money leaves,
 * posted goes down) or released (nothing moves), exactly once.
 */
import { RuleBroken, ValidationError } from '../shared/errors';
import type { CaptureHold, PlaceHold, ReleaseHold } from './commands';
import type { WalletEvent } from './events';
import { available, type WalletState } from './state';
import { FieldCheck, formatPounds, instant, optionalText } from './rules';

const AMOUNT_ABOVE_BALANCE = 'Amount cannot exceed the balance';

export function placeHold(command: PlaceHold, state: WalletState): WalletEvent[] {
  new FieldCheck().required('hold_id', command.hold_id).amount('amount', command.amount_pence).required('description', command.description).done();
  const at = instant(command.now);
  if (state.usedIds[command.hold_id]) return [];
  if (!command.allow_overdraft) {
    // The withdrawal form's own field message: a withdrawal never uses the overdraft.
    if (command.amount_pence > available(state)) throw new ValidationError({ amount: [AMOUNT_ABOVE_BALANCE] });
  } else {
    const spendable = available(state) + state.overdraftLimit;
    if (command.amount_pence > spendable) {
      throw new RuleBroken(`The wallet does not have enough funds: at most ${formatPounds(Math.max(0, spendable))} can be held.`);
    }
  }
  return [{
    type: 'HoldPlaced',
    data: {
      user_id: command.user_id, hold_id: command.hold_id, amount_pence: command.amount_pence, purpose: command.purpose,
      description: command.description.trim(), reference: optionalText(command.reference), at,
    },
  }];
}

/** The active hold's amount, or the reason it cannot be settled now. */
function activeHold(state: WalletState, holdId: string, action: 'captured' | 'released'): number {
  const amount = state.holds[holdId];
  if (amount !== undefined) return amount;
  const settled = state.settled[holdId];
  if (settled === action) throw new RuleBroken(`This hold was already ${action}.`);
  if (settled) throw new RuleBroken(`This hold was ${settled} and cannot be ${action}.`);
  throw new RuleBroken('There is no such hold on this wallet.');
}

export function captureHold(command: CaptureHold, state: WalletState): WalletEvent[] {
  const at = instant(command.now);
  const amount = activeHold(state, command.hold_id, 'captured');
  return [{
    type: 'HoldCaptured',
    data: { user_id: command.user_id, hold_id: command.hold_id, amount_pence: amount, by: command.by, reference: optionalText(command.reference), at },
  }];
}

export function releaseHold(command: ReleaseHold, state: WalletState): WalletEvent[] {
  new FieldCheck().required('reason', command.reason).done();
  const at = instant(command.now);
  const amount = activeHold(state, command.hold_id, 'released');
  return [{
    type: 'HoldReleased',
    data: { user_id: command.user_id, hold_id: command.hold_id, amount_pence: amount, reason: command.reason.trim(), by: command.by, at },
  }];
}

