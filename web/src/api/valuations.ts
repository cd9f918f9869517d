/**
 * Valuation calls (docs/selling.md "Valuation requests"). The request is multipart, which the JSON client does not
 * send, so it goes through `sendForm` here with the same bearer token and one refresh on a 401. Photos are only
 * served to their owner and staff, so images are fetched with the token too (see auth-image.tsx).
 */
import type { StaffValuation, Valuation, ValuationAnswerBody } from './contract';
import { get, post, refreshTokens } from './http';
import { getAccess } from './tokens';
import { firstServerMessage } from '../lib/valuation-rules';

export type { StaffValuation, Valuation, ImageLinks as ValuationImage } from './contract';

export const STATUS_LABELS: Record<Valuation['status'], string> = { pending: 'Awaiting valuation', estimated: 'Estimated', declined: 'Declined' };

/** A refused request: the message to show (first element of the server data) and the data itself. */
export class ValuationError extends Error {
  constructor(message: string, readonly status: number | undefined, readonly data: unknown) {
    super(message);
  }
}

export async function sendForm(path: string, form: FormData): Promise<Response> {
  const send = (token: string | null) => fetch(path, {
    method: 'POST', body: form, credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const token = getAccess();
  let res = await send(token);
  if (res.status === 401 && token && (await refreshTokens())) res = await send(getAccess());
  return res;
}

export async function requestValuation(form: FormData): Promise<Valuation> {
  let res: Response;
  try {
    res = await sendForm('/api/valuation_requests/', form);
  } catch (e) {
    throw new ValuationError(e instanceof Error ? e.message : 'Server Error', undefined, null);
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new ValuationError(typeof data === 'string' ? `Server Error With Status ${res.status}` : firstServerMessage(data), res.status, data);
  return data as Valuation;
}

export const fetchMyValuations = (signal?: AbortSignal) =>
  get<{ results: Valuation[] }>('/api/valuation_requests/', undefined, { signal }).then((d) => d.results);

export const fetchStaffValuations = (status: string, signal?: AbortSignal) =>
  get<{ results: StaffValuation[] }>('/api/staff/valuation_requests/', { status }, { signal }).then((d) => d.results);

/** The staff's answer: an estimate names both amounts, a decline none. */
type AnswerBody = ValuationAnswerBody & ({ decision: 'estimate'; low: string; high: string } | { decision: 'decline' });
export const answerValuation = (id: string, body: AnswerBody) => post<Valuation>(`/api/staff/valuation_requests/${id}/answer/`, body);

/** An image the API only gives with the token, as an object URL (the caller revokes it). */
export async function fetchImageUrl(url: string, signal?: AbortSignal): Promise<string> {
  const send = (token: string | null) => fetch(url, { signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let res = await send(getAccess());
  if (res.status === 401 && (await refreshTokens())) res = await send(getAccess());
  if (!res.ok) throw new Error(`Image unavailable (${res.status})`);
  return URL.createObjectURL(await res.blob());
}
