/**
 * Wallet state: only what the wallet's commands need to decide. The read model (projections/wallet) is never
 * consulted for a decision.
 */
import { assertNever } from '../shared/decider';
import type { Pence } from '../shared/money';
import type { WalletEvent } from './events';

type SettledHold = 'captured' | 'released';

export interface WalletState {
  userId: string;
  /** Credits - debits - captured holds (the API's `balance_incl_pending`). */
  posted: Pence;
  /** Active holds: hold id -> amount. */
  holds: Readonly<Record<string, Pence>>;
  /** Holds that ended, and how: a hold is captured or released exactly once. */
  settled: Readonly<Record<string, SettledHold>>;
  /** How far below zero staff let available go (0: no overdraft). */
  overdraftLimit: Pence;
  /**
   * Every entry id and hold id used so far. One namespace for both (they are the ids of the transaction rows), so a
   * retried command with a used id decides nothing.
   */
  usedIds: Readonly<Record<string, true>>;
}

export const initialWalletState: WalletState = Object.freeze({
  userId: '', posted: 0, holds: Object.freeze({}), settled: Object.freeze({}), overdraftLimit: 0, usedIds: Object.freeze({}),
}) as WalletState;

/** The sum of active holds (withdrawals requested and not yet paid out, cancelled or rejected). */
export function pending(state: WalletState): Pence {
  let total = 0;
  for (const amount of Object.values(state.holds)) total += amount;
  return total;
}

/** Posted minus pending: what the user may spend (the API's `balance`); never below -overdraftLimit. */
export function available(state: WalletState): Pence {
  return state.posted - pending(state);
}

/** What is left of the overdraft: the limit while available is positive, less the debt once it is negative. */
export function overdraftRemaining(state: WalletState): Pence {
  return state.overdraftLimit + Math.min(0, available(state));
}

export function evolveWallet(state: WalletState, event: WalletEvent): WalletState {
  const userId = event.data.user_id;
  switch (event.type) {
    case 'WalletCredited':
      return { ...state, userId, posted: state.posted + event.data.amount_pence, usedIds: { ...state.usedIds, [event.data.entry_id]: true } };
    case 'WalletDebited':
      return { ...state, userId, posted: state.posted - event.data.amount_pence, usedIds: { ...state.usedIds, [event.data.entry_id]: true } };
    case 'HoldPlaced':
      return {
        ...state, userId,
        holds: { ...state.holds, [event.data.hold_id]: event.data.amount_pence },
        usedIds: { ...state.usedIds, [event.data.hold_id]: true },
      };
    case 'HoldCaptured':
      return { ...endHold(state, event.data.hold_id, 'captured'), userId, posted: state.posted - event.data.amount_pence };
    case 'HoldReleased':
      return { ...endHold(state, event.data.hold_id, 'released'), userId };
    case 'OverdraftChanged':
      return { ...state, userId, overdraftLimit: event.data.limit_pence };
    default:
      return assertNever(event);
  }
}

function endHold(state: WalletState, holdId: string, how: SettledHold): WalletState {
  const { [holdId]: _ended, ...holds } = state.holds;
  return { ...state, holds, settled: { ...state.settled, [holdId]: how } };
}
