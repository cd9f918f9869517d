/** The lot replay API (docs/audit.md, "Lot replay"): the public price log and the auditor view with its exports. */
import type { LotAudit, PriceLog } from './contract';
import { get, request } from './http';

export type { LotAudit, PriceLog } from './contract';

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
