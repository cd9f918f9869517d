/** The auditor replay as CSV: one row per event, the comparison's verdict in a last row. */
import type { AuditLotReplay } from './lot-replay';

const COLUMNS = [
  'seq', 'at', 'type', 'kind', 'actor', 'actor_id', 'actor_email', 'text', 'previous_price', 'price', 'leader', 'leader_id', 'max_bid',
  'leader_max', 'reserve_price', 'bid_count', 'reserve_met', 'previous_ends_at', 'ends_at', 'extended', 'status', 'winner', 'winner_id',
  'hammer_price', 'mismatch', 'event_id', 'position', 'recorded_at', 'recorded_by',
] as const;

export function lotReplayCsv(replay: AuditLotReplay): string {
  const lines = [COLUMNS.join(',')];
  for (const entry of replay.entries) lines.push(COLUMNS.map((c) => cell(entry[c])).join(','));
  lines.push(['', '', 'ReplayCheck', replay.matches_read_model ? 'matches' : 'differs', '', '', '', replay.comparison].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** RFC 4180 quoting; a text starting like a formula is prefixed so a spreadsheet shows it instead of running it. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
