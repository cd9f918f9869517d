/** Commands and events for the wallet's given/when/then tests (not a test file itself). */
import type { CaptureHold, ChangeOverdraft, CreditWallet, DebitWallet, PlaceHold, ReleaseHold } from './commands';
import type { WalletEvent } from './events';

const NOW = '2026-11-21T12:00:00.000Z';
const USER = 'u-1';

export const credit = (amount: number, o: Partial<CreditWallet> = {}): CreditWallet => ({
  type: 'CreditWallet', user_id: USER, entry_id: `c-${amount}`, amount_pence: amount, kind: 'seller_proceeds',
  description: 'Proceeds of lot 12', reference: 'lot-12', by: 'system', reason: null, now: NOW, ...o,
});

export const debit = (amount: number, o: Partial<DebitWallet> = {}): DebitWallet => ({
  type: 'DebitWallet', user_id: USER, entry_id: `d-${amount}`, amount_pence: amount, kind: 'checkout',
  description: 'Used at checkout', reference: 'order-7', by: USER, reason: null, now: NOW, ...o,
});

export const hold = (amount: number, o: Partial<PlaceHold> = {}): PlaceHold => ({
  type: 'PlaceHold', user_id: USER, hold_id: `h-${amount}`, amount_pence: amount, purpose: 'withdrawal',
  description: 'Withdrawal to bank ****1234', reference: 'w-1', allow_overdraft: false, now: NOW, ...o,
});

export const capture = (holdId: string, o: Partial<CaptureHold> = {}): CaptureHold => ({
  type: 'CaptureHold', user_id: USER, hold_id: holdId, by: 'staff-1', reference: 'BACS 991', now: NOW, ...o,
});

export const release = (holdId: string, o: Partial<ReleaseHold> = {}): ReleaseHold => ({
  type: 'ReleaseHold', user_id: USER, hold_id: holdId, reason: 'Rejected by staff', by: 'staff-1', now: NOW, ...o,
});

export const overdraft = (limit: number, o: Partial<ChangeOverdraft> = {}): ChangeOverdraft => ({
  type: 'ChangeOverdraft', user_id: USER, limit_pence: limit, by: 'staff-1', reason: 'Trusted buyer', now: NOW, ...o,
});

// Events as the decider records them (the same defaults as the commands above).
export const credited = (amount: number, o: Partial<Extract<WalletEvent, { type: 'WalletCredited' }>['data']> = {}): WalletEvent => ({
  type: 'WalletCredited',
  data: {
    user_id: USER, entry_id: `c-${amount}`, amount_pence: amount, kind: 'seller_proceeds', description: 'Proceeds of lot 12',
    reference: 'lot-12', by: 'system', reason: null, at: NOW, ...o,
  },
});

export const debited = (amount: number, o: Partial<Extract<WalletEvent, { type: 'WalletDebited' }>['data']> = {}): WalletEvent => ({
  type: 'WalletDebited',
  data: {
    user_id: USER, entry_id: `d-${amount}`, amount_pence: amount, kind: 'checkout', description: 'Used at checkout',
    reference: 'order-7', by: USER, reason: null, at: NOW, ...o,
  },
});

export const held = (amount: number, holdId = `h-${amount}`): WalletEvent => ({
  type: 'HoldPlaced',
  data: { user_id: USER, hold_id: holdId, amount_pence: amount, purpose: 'withdrawal', description: 'Withdrawal to bank ****1234', reference: 'w-1', at: NOW },
});

export const captured = (amount: number, holdId = `h-${amount}`): WalletEvent => ({
  type: 'HoldCaptured', data: { user_id: USER, hold_id: holdId, amount_pence: amount, by: 'staff-1', reference: 'BACS 991', at: NOW },
});

export const released = (amount: number, holdId = `h-${amount}`, reason = 'Rejected by staff'): WalletEvent => ({
  type: 'HoldReleased', data: { user_id: USER, hold_id: holdId, amount_pence: amount, reason, by: 'staff-1', at: NOW },
});

export const overdraftSet = (limit: number, previous = 0): WalletEvent => ({
  type: 'OverdraftChanged', data: { user_id: USER, limit_pence: limit, previous_limit_pence: previous, by: 'staff-1', reason: 'Trusted buyer', at: NOW },
});
