/**
 * A staff wallet answer when the wallet views are behind the command just run: the wallet figures and the new
 * transaction come from the wallet stream's state and event (what the command decided), the rest (who the user
 * is, older transactions) from the read models as they stand. When the views caught up the read model is used as is.
 */
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { EventStore } from '../../infra/event-store/event-store';
import { walletStream, type WalletEvent } from '../../domain/wallet/events';
import { walletDecider } from '../../domain/wallet/decide';
import type { WalletState } from '../../domain/wallet/state';
import { penceToDecimal } from '../../domain/shared/money';
import { toWalletView } from './wallet-commands';
import { staffTransactionAnswer, type TransactionRow } from './transactions';
import type { StaffWalletDetail } from './schemas';

type Outcome = CommandOutcome<WalletState, WalletEvent>;

const lastAt = (outcome: Outcome) => {
  const last = outcome.events.at(-1);
  return last && 'at' in last.data ? new Date(last.data.at) : null;
};

/** The credit or debit row the wallet projection will write for this outcome's adjustment. */
export function adjustmentRow(outcome: Outcome): TransactionRow | null {
  const event = outcome.events.find((e) => e.type === 'WalletCredited' || e.type === 'WalletDebited');
  if (!event || !outcome.append || (event.type !== 'WalletCredited' && event.type !== 'WalletDebited')) return null;
  const d = event.data;
  const version = outcome.append.version;
  const at = new Date(d.at);
  return {
    user_id: d.user_id, id: d.entry_id, entry_number: version, stream_version: version, date: at, created_at: at,
    type: event.type === 'WalletCredited' ? 'credit' : 'debit', kind: d.kind, description: d.description,
    amount_pence: (event.type === 'WalletCredited' ? 1 : -1) * d.amount_pence, balance_after_pence: outcome.state.posted,
    reference: d.reference, status: 'completed', by: d.by, reason: d.reason,
  } as TransactionRow;
}

/** `listed` with the wallet figures (and the new transaction on top) taken from the outcome. */
export function walletDetailAfter(listed: StaffWalletDetail, outcome: Outcome): StaffWalletDetail {
  if (!outcome.append) return listed;
  const s = outcome.state;
  const view = toWalletView(listed.id, {
    version: outcome.append.version, balance_pence: s.posted, pending_pence: Object.values(s.holds).reduce((a, b) => a + b, 0),
    overdraft_limit_pence: s.overdraftLimit, updated_at: lastAt(outcome),
  });
  const row = adjustmentRow(outcome);
  const transactions = row && !listed.transactions.some((t) => t.id === row.id)
    ? [staffTransactionAnswer(row), ...listed.transactions].slice(0, listed.transactions.length + 1)
    : listed.transactions;
  return {
    ...listed,
    balance: penceToDecimal(view.available_pence), balance_incl_pending: penceToDecimal(view.posted_pence),
    overdraft_limit: penceToDecimal(view.overdraft_limit_pence), overdraft_remaining: penceToDecimal(view.overdraft_remaining_pence),
    pending: penceToDecimal(view.pending_pence), updated_at: view.updated_at, transactions,
  };
}

/**
 * The outcome of the command that recorded ledger entry `entryId`, as it was then: that entry's event, its append and
 * the wallet state right after it. For a resumed adjustment (its first run committed the entry, then its answer was
 * lost), which decides nothing the second time; null when the wallet holds no such entry.
 */
export async function entryOutcome(ctx: { store: EventStore }, userId: string, entryId: string): Promise<Outcome | null> {
  const stored = await ctx.store.readStream<WalletEvent>(walletStream(userId));
  let state = walletDecider.initialState;
  for (const event of stored) {
    state = walletDecider.evolve(state, event as WalletEvent);
    const isEntry = (event.type === 'WalletCredited' || event.type === 'WalletDebited') && (event.data as { entry_id: string }).entry_id === entryId;
    if (!isEntry) continue;
    const append = {
      stream_id: event.stream_id, version: event.stream_version, duplicate: true,
      events: [{ event_id: event.event_id, position: event.position, transaction_id: event.transaction_id, stream_version: event.stream_version }],
    };
    return { state, events: [event as WalletEvent], append };
  }
  return null;
}
