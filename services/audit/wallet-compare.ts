/**
 * The wallet read model checked against the replay (docs/audit.md "Wallet replay"). The `wallets` row must hold the
 * balances the fold gives at the version the row claims, and `wallet_transactions` one row per entry and hold as
 * the projection's row rule has it (docs/payments.md): a credit or debit at its own version with the posted balance
 * after it; a hold pending until captured (completed, moved to the capture) or released. The projection runs after
 * the append, so the read model is compared as of the events its checkpoint covers, in the same snapshot.
 */
import { penceToDecimal } from '../../domain/shared/money';
import type { WalletEvent } from '../../domain/wallet/events';
import type { ReplayEntry, ReplayInput } from '../../domain/wallet/replay';
import { ZERO_BALANCES } from '../../domain/wallet/replay';
import type { AuditDifference } from './types';
import type { TransactionRowLite, WalletRow } from './wallet-read';

interface ExpectedRow {
  id: string; type: string; kind: string; amount_pence: number; balance_after_pence: number; status: string;
  stream_version: number; entry_number: number; reference: string | null; date: string;
}

/** The transaction rows the events up to `version` should have produced. */
function expectedRows(inputs: readonly ReplayInput[], entries: readonly ReplayEntry[], version: number): Map<string, ExpectedRow> {
  const rows = new Map<string, ExpectedRow>();
  inputs.forEach((input, i) => {
    if (input.version > version) return;
    const event: WalletEvent = input.event;
    const posted = entries[i].after.posted;
    const base = { stream_version: input.version, entry_number: input.version, date: event.data.at, balance_after_pence: posted };
    switch (event.type) {
      case 'WalletCredited':
      case 'WalletDebited': {
        const d = event.data;
        const credit = event.type === 'WalletCredited';
        rows.set(d.entry_id, {
          ...base, id: d.entry_id, type: credit ? 'credit' : 'debit', kind: d.kind, amount_pence: credit ? d.amount_pence : -d.amount_pence,
          status: 'completed', reference: d.reference,
        });
        return;
      }
      case 'HoldPlaced': {
        const d = event.data;
        rows.set(d.hold_id, { ...base, id: d.hold_id, type: 'withdrawal', kind: d.purpose, amount_pence: -d.amount_pence, status: 'pending', reference: d.reference });
        return;
      }
      case 'HoldCaptured':
      case 'HoldReleased': {
        const row = rows.get(event.data.hold_id);
        if (!row) return;
        const captured = event.type === 'HoldCaptured';
        rows.set(row.id, {
          ...row, status: captured ? 'completed' : 'released', stream_version: input.version, date: event.data.at, balance_after_pence: posted,
          reference: captured && event.data.reference ? event.data.reference : row.reference,
        });
        return;
      }
      case 'OverdraftChanged':
        return;
    }
  });
  return rows;
}

const MONEY_FIELDS = new Set(['amount_pence', 'balance_after_pence', 'balance_pence', 'pending_pence', 'overdraft_limit_pence']);
const show = (field: string, value: unknown): string =>
  value === null || value === undefined ? '(none)' : MONEY_FIELDS.has(field) && typeof value === 'number' ? penceToDecimal(value) : String(value);

/**
 * Every way the read model of one wallet differs from its replay. `appliedVersion`: the stream version the wallet
 * projection has applied by its checkpoint (events after it are not expected in the read model yet).
 */
export function compareWallet(
  userId: string, inputs: readonly ReplayInput[], entries: readonly ReplayEntry[], appliedVersion: number,
  wallet: WalletRow | undefined, transactions: readonly TransactionRowLite[],
): AuditDifference[] {
  const out: AuditDifference[] = [];
  const diff = (field: string, expected: unknown, found: unknown, message: string) => {
    const name = field.split('.').pop() ?? field;
    out.push({ check: 'wallet', subject: userId, field, expected: show(name, expected), found: show(name, found), message });
  };
  const version = appliedVersion;
  if (!wallet && version > 0) diff('wallets', 'a row', null, `The wallet has events up to version ${version} but no wallets row.`);
  if (wallet && wallet.version !== version) {
    diff('version', version, wallet.version, `The wallets row is at version ${wallet.version}, the projection's checkpoint says ${version}.`);
  }
  if (wallet) {
    const at = version === 0 ? ZERO_BALANCES : entries[version - 1].after;
    const checks: [keyof WalletRow, number, string][] = [
      ['balance_pence', at.posted, 'posted balance'], ['pending_pence', at.pending, 'pending (held) amount'], ['overdraft_limit_pence', at.overdraft_limit, 'overdraft limit'],
    ];
    for (const [field, expected, words] of checks) {
      if (wallet[field] !== expected) diff(field, expected, wallet[field], `The wallets row's ${words} is not what the events give at version ${version}.`);
    }
  }
  const expected = expectedRows(inputs, entries, version);
  const found = new Map(transactions.map((t) => [t.id, t]));
  for (const [id, row] of expected) {
    const have = found.get(id);
    if (!have) {
      diff(`transaction ${id}`, 'a row', null, `The entry ${id} (version ${row.entry_number}) has no wallet_transactions row.`);
      continue;
    }
    const pairs: [string, unknown, unknown][] = [
      ['type', row.type, have.type], ['kind', row.kind, have.kind], ['amount_pence', row.amount_pence, have.amount_pence],
      ['balance_after_pence', row.balance_after_pence, have.balance_after_pence], ['status', row.status, have.status],
      ['stream_version', row.stream_version, have.stream_version], ['entry_number', row.entry_number, have.entry_number],
      ['reference', row.reference, have.reference], ['date', Date.parse(row.date), have.date.getTime()],
    ];
    for (const [field, want, got] of pairs) {
      if (want !== got) {
        const asDate = field === 'date';
        diff(`transaction ${id}.${field}`, asDate ? row.date : want, asDate ? have.date.toISOString() : got, `The wallet_transactions row ${id} disagrees with its events on ${field}.`);
      }
    }
  }
  for (const t of transactions) {
    if (!expected.has(t.id)) {
      diff(`transaction ${t.id}`, null, 'a row', `The wallet_transactions row ${t.id} has no event behind it.`);
    }
  }
  return out;
}
