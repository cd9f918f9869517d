/** The wallet replay's API shapes: JSON (money as decimal strings, as every answer) and the CSV export. */
import { penceToDecimal } from '../../domain/shared/money';
import type { Balances, ReplayEntry } from '../../domain/wallet/replay';
import type { WalletReplayAnswer } from './answer-schemas';

type BalancesAnswer = WalletReplayAnswer['balances'];

export const balancesAnswer = (b: Balances): BalancesAnswer => ({
  available: penceToDecimal(b.available), pending: penceToDecimal(b.pending), posted: penceToDecimal(b.posted), overdraft_limit: penceToDecimal(b.overdraft_limit),
});

export function entryAnswer(e: ReplayEntry): WalletReplayAnswer['entries'][number] {
  return {
    position: e.position, version: e.version, at: e.at, recorded_at: e.recorded_at, type: e.type, kind: e.kind, detail_kind: e.detail_kind,
    entry_id: e.entry_id, amount: penceToDecimal(e.amount_pence), posted_change: penceToDecimal(e.posted_change),
    available_change: penceToDecimal(e.available_change), balances: balancesAnswer(e.after), caused_by: e.caused_by, related: e.related,
    actor: e.actor, description: e.description,
  };
}

const COLUMNS = [
  'position', 'version', 'at', 'recorded_at', 'type', 'kind', 'detail_kind', 'entry_id', 'amount', 'posted_change', 'available_change',
  'available_after', 'pending_after', 'posted_after', 'overdraft_limit_after', 'caused_by_kind', 'caused_by_id', 'related', 'actor', 'reason', 'description',
] as const;

/**
 * One CSV field (RFC 4180 quoting). Free text a user or staff member typed that starts like a formula is prefixed
 * with an apostrophe so a spreadsheet shows it instead of running it; the figures are never touched.
 */
function field(value: string | number | null, text = false): string {
  let s = value === null ? '' : String(value);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function entriesCsv(entries: readonly ReplayEntry[]): string {
  const lines = [COLUMNS.join(',')];
  for (const e of entries) {
    const a = entryAnswer(e);
    lines.push([
      field(a.position), field(a.version), field(a.at), field(a.recorded_at), field(a.type), field(a.kind), field(a.detail_kind), field(a.entry_id, true),
      field(a.amount), field(a.posted_change), field(a.available_change), field(a.balances.available), field(a.balances.pending),
      field(a.balances.posted), field(a.balances.overdraft_limit), field(a.caused_by.kind), field(a.caused_by.id, true),
      field(a.related.map((r) => `${r.kind}:${r.id}`).join(' '), true), field(a.actor.id, true), field(a.actor.reason, true), field(a.description, true),
    ].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
