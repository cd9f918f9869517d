/** The wallet decider: dispatch only. Stream `wallet-<userId>` (events.ts). */
import { assertNever, type Decider } from '../shared/decider';
import type { WalletCommand } from './commands';
import type { WalletEvent } from './events';
import { evolveWallet, initialWalletState, type WalletState } from './state';
import { creditWallet, debitWallet } from './entries';
import { captureHold, placeHold, releaseHold } from './holds';
import { changeOverdraft } from './overdraft';

export { evolveWallet, initialWalletState, available, pending, overdraftRemaining, type WalletState } from './state';

function decideWallet(command: WalletCommand, state: WalletState): WalletEvent[] {
  switch (command.type) {
    case 'CreditWallet':
      return creditWallet(command, state);
    case 'DebitWallet':
      return debitWallet(command, state);
    case 'PlaceHold':
      return placeHold(command, state);
    case 'CaptureHold':
      return captureHold(command, state);
    case 'ReleaseHold':
      return releaseHold(command, state);
    case 'ChangeOverdraft':
      return changeOverdraft(command, state);
    default:
      return assertNever(command);
  }
}

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent> = {
  initialState: initialWalletState,
  evolve: evolveWallet,
  decide: decideWallet,
};
