/** The lot replay API (docs/audit.md, "Lot replay"): the public price log and the auditor view with its exports. */
import { get, request } from './http';

interface PriceLogEntry {
  seq: number;
  at: string;
  type: string;
  kind: string;
  actor: string;
  text: string;
  previous_price: string | null;
  price: string | null;
  leader: string | null;
  bid_count: number;
  reserve_met: boolean;
  previous_ends_at: string;
  ends_at: string;
  extended: boolean;
  status: string;
  winner: string | null;
  hammer_price: string | null;
  mismatch: string | null;
}

interface ReplayResult {
  status: 'not_consigned' | 'open' | 'sold' | 'unsold' | 'withdrawn';
  price: string | null;
  leader: string | null;
  winner: string | null;
  hammer_price: string | null;
  ends_at: string | null;
  bid_count: number;
  text: string;
}

export interface PriceLog {
  lot: string;
  entries: PriceLogEntry[];
  result: ReplayResult;
  matches_live: boolean;
  check: string;
}

interface AuditEntry extends PriceLogEntry {
  event_id: string;
  recorded_by: string | null;
  actor_id: string | null;
  actor_email: string | null;
  leader_id: string | null;
  max_bid: string | null;
  leader_max: string | null;
  reserve_price: string | null;
}

interface AuditDifference { check: string; subject: string; field: string; expected: string; found: string; message: string }

export interface LotAudit {
  lot: { id: string; reference_no?: string; title?: string };
  entries: AuditEntry[];
  result: ReplayResult;
  stream_version: number;
  matches_read_model: boolean;
  comparison: string;
  compared_at_version: number | null;
  differences: AuditDifference[];
  mismatches: number;
}

export const fetchPriceLog = (lotId: string, signal?: AbortSignal) =>
  get<PriceLog>(`/api/lots/${encodeURIComponent(lotId)}/price_log/`, undefined, { signal });

export const fetchLotAudit = (lotId: string, signal?: AbortSignal) =>
  get<LotAudit>(`/api/audit/lots/${encodeURIComponent(lotId)}/`, undefined, { signal });

/** The CSV or JSON export, saved as the file the server names. */
export async function downloadLotAudit(lotId: string, format: 'csv' | 'json'): Promise<void> {
  const body = await request<unknown>(`/api/audit/lots/${encodeURIComponent(lotId)}/`, { query: { format } });
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  const url = URL.createObjectURL(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `lot-${lotId}-replay.${format}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
