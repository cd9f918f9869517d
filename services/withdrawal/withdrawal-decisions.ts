/**
 * The two-stream decisions of a withdrawal after its request: each withdrawal event goes with its wallet event
 * (cancel or reject: release the hold; pay out: capture it). Pure: given both states, answer both streams' events.
 */
import { assertNever } from '../../domain/shared/decider';
import type { MultiDecision } from '../../infra/commands/multi-stream';
import type { DomainEvent } from '../../infra/event-store/types';
import { walletDecider, type WalletState } from '../../domain/wallet/decide';
import type { WalletCommand } from '../../domain/wallet/commands';
import { walletStream } from '../../domain/wallet/events';
import { withdrawalDecider } from '../../domain/withdrawal/decide';
import type { WithdrawalCommand } from '../../domain/withdrawal/commands';
import { withdrawalStream, type WithdrawalEvent } from '../../domain/withdrawal/events';
import type { WithdrawalState } from '../../domain/withdrawal/state';

const CANCEL_REASONS = {
  too_many_wrong_codes: 'Withdrawal cancelled: too many wrong codes',
  not_confirmed_in_time: 'Withdrawal cancelled: not confirmed within 24 hours',
} as const;

/** The wallet command that goes with a withdrawal event (none for a confirmation). */
function walletCommandFor(event: WithdrawalEvent): WalletCommand | null {
  switch (event.type) {
    case 'WithdrawalCancelled':
      return { type: 'ReleaseHold', user_id: event.data.user_id, hold_id: event.data.withdrawal_id, reason: CANCEL_REASONS[event.data.reason], by: 'system', now: event.data.at };
    case 'WithdrawalRejected':
      return { type: 'ReleaseHold', user_id: event.data.user_id, hold_id: event.data.withdrawal_id, reason: `Withdrawal rejected: ${event.data.reason}`, by: event.data.by, now: event.data.at };
    case 'WithdrawalPaidOut':
      return { type: 'CaptureHold', user_id: event.data.user_id, hold_id: event.data.withdrawal_id, by: event.data.by, reference: event.data.reference, now: event.data.at };
    case 'WithdrawalRequested':
    case 'WithdrawalConfirmed':
      return null;
    default:
      return assertNever(event);
  }
}

/** Decides a withdrawal command and, with it, the wallet's side. */
export function decideWithWallet(
  withdrawalId: string, userId: string, command: WithdrawalCommand, states: Record<string, unknown>,
): MultiDecision<WithdrawalEvent[]> {
  const produced = withdrawalDecider.decide(command, states[withdrawalStream(withdrawalId)] as WithdrawalState);
  const walletEvents: DomainEvent[] = [];
  let wallet = states[walletStream(userId)] as WalletState;
  for (const event of produced) {
    const walletCommand = walletCommandFor(event);
    if (!walletCommand) continue;
    for (const e of walletDecider.decide(walletCommand, wallet)) {
      wallet = walletDecider.evolve(wallet, e);
      walletEvents.push(e);
    }
  }
  return { events: { [withdrawalStream(withdrawalId)]: produced, [walletStream(userId)]: walletEvents }, result: produced };
}
