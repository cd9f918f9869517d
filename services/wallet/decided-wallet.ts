/**
 * A staff wallet answer when the wallet views are behind the command just run: the wallet figures and the new
 * transaction come from the wallet stream's state and event (what the command decided), the rest (who the user
 * is, older transactions) from the read models as they stand. When the views caught up the read model is used as is.
 */
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { WalletEvent } from '../../domain/wallet/events';
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
