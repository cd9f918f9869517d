/**
 * The auditor's replay of one wallet (docs/audit.md "Wallet replay"): every event of `wallet-<userId>` folded with
 * the wallet's own `evolveWallet` (no second copy of the balance rules), one entry per event with what it moved, the
 * balances right after it, what caused it and who did it. Pure: the caller reads the stream.
 */
import { assertNever } from '../shared/decider';
import type { Pence } from '../shared/money';
import type { WalletEvent } from './events';
import { formatPounds } from './rules';
import { available, evolveWallet, initialWalletState, pending, type WalletState } from './state';

/** One stored wallet event as the replay needs it. */
export interface ReplayInput {
  position: number;
  version: number;
  event: WalletEvent;
  /** When the store recorded it (the event's own `at` is the business time the entry is dated by). */
  recorded_at?: string;
}

/** Money in and out by the wallet's own words; `overdraft` moves no money but changes what may be spent. */
type EntryKind = 'credit' | 'debit' | 'fee' | 'adjustment' | 'hold' | 'capture' | 'release' | 'overdraft';

type CauseKind = 'order' | 'lot' | 'withdrawal' | 'voucher' | 'payment' | 'staff' | 'system';

interface Cause { kind: CauseKind; id: string }

export interface Balances {
  /** Credits - debits - captured holds (the API's `balance_incl_pending`). */
  posted: Pence;
  /** Active holds. */
  pending: Pence;
  /** posted - pending (the API's `balance`). */
  available: Pence;
  overdraft_limit: Pence;
}

export interface ReplayEntry {
  position: number;
  version: number;
  /** The event's business time (`data.at`). */
  at: string;
  recorded_at: string | null;
  type: WalletEvent['type'];
  kind: EntryKind;
  /** The event's own kind: seller_proceeds, checkout, fee, refund, withdrawal... (null for an overdraft change). */
  detail_kind: string | null;
  /** The entry id or hold id (the read model's transaction row id); null for an overdraft change. */
  entry_id: string | null;
  /** The event's amount, positive (the limit for an overdraft change). */
  amount_pence: Pence;
  /** How posted and available moved (a hold moves available only, a capture posted only). */
  posted_change: Pence;
  available_change: Pence;
  after: Balances;
  /** What caused it; `related` holds the other objects it names (a voucher remainder's order). */
  caused_by: Cause;
  related: Cause[];
  /** Who posted it: user id, staff id or 'system'; the reason staff gave (adjustments, releases, overdraft). */
  actor: { id: string | null; reason: string | null };
  description: string;
}

const balancesOf = (state: WalletState): Balances => ({
  posted: state.posted, pending: pending(state), available: available(state), overdraft_limit: state.overdraftLimit,
});

export const ZERO_BALANCES: Balances = Object.freeze(balancesOf(initialWalletState));

const ORDER_ENTRY = /^order-(.+)-(wallet|wallet-refund|voucher-remainder|settlement)$/;
const SALE_ENTRY = /^sale-(.+?)(-commission|-listing_fee|-reserve_fee)?$/;

/** The order an entry id derives from (domain/orders/settlement/entry-ids.ts walletEntryIds), if any. */
export const orderOfEntry = (entryId: string): string | null => ORDER_ENTRY.exec(entryId)?.[1] ?? null;
/** The lot a sale line derives from (saleEntryId), if any. */
export const lotOfEntry = (entryId: string): string | null => SALE_ENTRY.exec(entryId)?.[1] ?? null;

type EntryData = Extract<WalletEvent, { type: 'WalletCredited' | 'WalletDebited' }>['data'];

/** Credits and debits name their cause by kind: orders by id, sales by lot id, vouchers by code. */
function causeOfEntry(d: EntryData): { caused_by: Cause; related: Cause[] } {
  const order = orderOfEntry(d.entry_id);
  const lot = lotOfEntry(d.entry_id);
  const kind = d.kind;
  switch (kind) {
    case 'voucher_remainder':
      return { caused_by: { kind: 'voucher', id: d.reference ?? '' }, related: order ? [{ kind: 'order', id: order }] : [] };
    case 'checkout':
    case 'refund':
    case 'settlement':
      return { caused_by: { kind: 'order', id: order ?? d.reference ?? '' }, related: [] };
    case 'seller_proceeds':
    case 'fee':
      return { caused_by: { kind: 'lot', id: lot ?? d.reference ?? '' }, related: [] };
    case 'adjustment':
      return { caused_by: { kind: 'staff', id: d.by }, related: [] };
    default:
      return assertNever(kind);
  }
}

function entryKind(event: WalletEvent): EntryKind {
  switch (event.type) {
    case 'WalletCredited':
      return event.data.kind === 'adjustment' ? 'adjustment' : 'credit';
    case 'WalletDebited':
      return event.data.kind === 'adjustment' ? 'adjustment' : event.data.kind === 'fee' ? 'fee' : 'debit';
    case 'HoldPlaced':
      return 'hold';
    case 'HoldCaptured':
      return 'capture';
    case 'HoldReleased':
      return 'release';
    case 'OverdraftChanged':
      return 'overdraft';
    default:
      return assertNever(event);
  }
}

/** What the entry says about itself: its cause, actor and words (the balances come from the fold). */
function describe(event: WalletEvent, holds: ReadonlyMap<string, string>) {
  const withdrawal = (id: string): Cause => ({ kind: 'withdrawal', id });
  switch (event.type) {
    case 'WalletCredited':
    case 'WalletDebited': {
      const d = event.data;
      return { ...causeOfEntry(d), detail_kind: d.kind, entry_id: d.entry_id, amount: d.amount_pence, actor: { id: d.by, reason: d.reason }, description: d.description };
    }
    case 'HoldPlaced': {
      const d = event.data;
      return { caused_by: withdrawal(d.hold_id), related: [], detail_kind: d.purpose, entry_id: d.hold_id, amount: d.amount_pence, actor: { id: d.user_id, reason: null }, description: d.description };
    }
    case 'HoldCaptured': {
      const d = event.data;
      const placed = holds.get(d.hold_id);
      const text = `Paid out${d.reference ? ` (${d.reference})` : ''}${placed ? `: ${placed}` : ''}`;
      return { caused_by: withdrawal(d.hold_id), related: [], detail_kind: 'withdrawal', entry_id: d.hold_id, amount: d.amount_pence, actor: { id: d.by, reason: null }, description: text };
    }
    case 'HoldReleased': {
      const d = event.data;
      const placed = holds.get(d.hold_id);
      return { caused_by: withdrawal(d.hold_id), related: [], detail_kind: 'withdrawal', entry_id: d.hold_id, amount: d.amount_pence, actor: { id: d.by, reason: d.reason }, description: `Released${placed ? `: ${placed}` : ''}` };
    }
    case 'OverdraftChanged': {
      const d = event.data;
      return { caused_by: { kind: 'staff' as const, id: d.by }, related: [], detail_kind: null, entry_id: null, amount: d.limit_pence, actor: { id: d.by, reason: d.reason }, description: `Overdraft limit ${formatPounds(d.limit_pence)} (was ${formatPounds(d.previous_limit_pence)})` };
    }
    default:
      return assertNever(event);
  }
}

/** Folds the events (in stream order) with the wallet's evolve; answers the entries and the final state. */
export function replayWallet(inputs: readonly ReplayInput[]): { entries: ReplayEntry[]; state: WalletState } {
  let state = initialWalletState;
  const holds = new Map<string, string>();
  const entries: ReplayEntry[] = [];
  for (const input of inputs) {
    const before = balancesOf(state);
    state = evolveWallet(state, input.event);
    const after = balancesOf(state);
    const d = describe(input.event, holds);
    if (input.event.type === 'HoldPlaced') holds.set(input.event.data.hold_id, input.event.data.description);
    entries.push({
      position: input.position, version: input.version, at: input.event.data.at, recorded_at: input.recorded_at ?? null,
      type: input.event.type, kind: entryKind(input.event), detail_kind: d.detail_kind, entry_id: d.entry_id, amount_pence: d.amount,
      posted_change: after.posted - before.posted, available_change: after.available - before.available, after,
      caused_by: d.caused_by, related: d.related, actor: d.actor, description: d.description,
    });
  }
  return { entries, state };
}

/**
 * The balances as of an instant: right after the last entry (in stream order) dated at or before it; zero before
 * the first. Entries are dated by their business time, which the wallet's commands take from one clock in order.
 */
export function balanceAt(entries: readonly ReplayEntry[], instant: string | Date): { balances: Balances; version: number; entry: ReplayEntry | null } {
  const limit = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  let found: ReplayEntry | null = null;
  for (const entry of entries) {
    if (Date.parse(entry.at) <= limit) found = entry;
  }
  return found ? { balances: found.after, version: found.version, entry: found } : { balances: ZERO_BALANCES, version: 0, entry: null };
}
