/** Wallet commands: ids, time and the actor come in with the command (no I/O in the domain). */
import type { CreditKind, DebitKind, HoldPurpose } from './events';

export interface CreditWallet {
  type: 'CreditWallet';
  user_id: string; entry_id: string; amount_pence: number; kind: CreditKind; description: string;
  reference: string | null; by: string; reason: string | null; now: string;
}

/** Refused when available would go below -overdraft. */
export interface DebitWallet {
  type: 'DebitWallet';
  user_id: string; entry_id: string; amount_pence: number; kind: DebitKind; description: string;
  reference: string | null; by: string; reason: string | null; now: string;
}

/** Refused when available would go below -overdraft (a withdrawal never uses the overdraft: `allow_overdraft` false). */
export interface PlaceHold {
  type: 'PlaceHold';
  user_id: string; hold_id: string; amount_pence: number; purpose: HoldPurpose; description: string;
  reference: string | null; allow_overdraft: boolean; now: string;
}

/** Refused unless the hold is active. */
export interface CaptureHold { type: 'CaptureHold'; user_id: string; hold_id: string; by: string; reference: string | null; now: string }

/** Refused unless the hold is active. */
export interface ReleaseHold { type: 'ReleaseHold'; user_id: string; hold_id: string; reason: string; by: string; now: string }

export interface ChangeOverdraft { type: 'ChangeOverdraft'; user_id: string; limit_pence: number; by: string; reason: string; now: string }

export type WalletCommand = CreditWallet | DebitWallet | PlaceHold | CaptureHold | ReleaseHold | ChangeOverdraft;
