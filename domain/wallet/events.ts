/**
 * Wallet events, on the stream `wallet-<userId>`: the wallet is a ledger, never a balance updated in place.
 * Amounts are positive integer pence; the event type says which way the money moves.
 *
 * Views (product rules, Modern Treasury's three balances):
 * - posted  = credits - debits - captured holds            (the API's `balance_incl_pending`)
 * - pending = the sum of active holds (withdrawals requested, not yet paid out, cancelled or rejected)
 * - available = posted - pending                           (the API's `balance`)
 * Invariant: available >= -overdraft_limit after every event.
 */

/** `settlement`: a wallet-settle order paid the debt back (issue #8). */
export type CreditKind = 'seller_proceeds' | 'voucher_remainder' | 'refund' | 'adjustment' | 'settlement';
export type DebitKind = 'checkout' | 'fee' | 'adjustment';

/** Money in. `reference` links the cause (order id, lot id, voucher code); `by` is the user id, staff id or 'system'. */
export interface WalletCredited {
  type: 'WalletCredited';
  data: {
    user_id: string; entry_id: string; amount_pence: number; kind: CreditKind; description: string;
    reference: string | null; by: string; reason: string | null; at: string;
  };
}

/** Money out (wallet use at checkout, fees, staff adjustments). */
interface WalletDebited {
  type: 'WalletDebited';
  data: {
    user_id: string; entry_id: string; amount_pence: number; kind: DebitKind; description: string;
    reference: string | null; by: string; reason: string | null; at: string;
  };
}

export type HoldPurpose = 'withdrawal';

/** Money set aside from available (two-phase: captured or released later, exactly once). */
interface HoldPlaced {
  type: 'HoldPlaced';
  data: { user_id: string; hold_id: string; amount_pence: number; purpose: HoldPurpose; description: string; reference: string | null; at: string };
}

/** The held money leaves the wallet (e.g. a withdrawal paid out): posted balance goes down by the hold. */
interface HoldCaptured {
  type: 'HoldCaptured';
  data: { user_id: string; hold_id: string; amount_pence: number; by: string; reference: string | null; at: string };
}

/** The hold ends without money moving: available goes back up. */
interface HoldReleased {
  type: 'HoldReleased';
  data: { user_id: string; hold_id: string; amount_pence: number; reason: string; by: string; at: string };
}

/** Staff set the overdraft (0 removes it): available may go down to -limit. */
interface OverdraftChanged {
  type: 'OverdraftChanged';
  data: { user_id: string; limit_pence: number; previous_limit_pence: number; by: string; reason: string; at: string };
}

export type WalletEvent = WalletCredited | WalletDebited | HoldPlaced | HoldCaptured | HoldReleased | OverdraftChanged;
type WalletEventType = WalletEvent['type'];

export const WALLET_EVENT_TYPES: readonly WalletEventType[] = [
  'WalletCredited', 'WalletDebited', 'HoldPlaced', 'HoldCaptured', 'HoldReleased', 'OverdraftChanged',
];

export const walletStream = (userId: string) => `wallet-${userId}`;
