/**
 * The seller's own sell requests (GET /api/sell_requests/, docs/api.md "Sell requests"), the auctions they target
 * (the view carries only `auction_id`, so names come from the public auction lists), and a new-items request's PDF
 * again (GET /api/sell_requests/{id}/pdf/).
 */
import { ApiError, get, refreshTokens } from '../../../api/http';
import { getAccess } from '../../../api/tokens';
import { errorText } from '../../../lib/error-text';
import { toList } from '../../../lib/normalize';
import type { Auction } from '../../../lib/types';
import type { SellRequest } from '../../../api/contract';

export type { SellRequest } from '../../../api/contract';
export type SellRequestItem = SellRequest['items'][number];

export const fetchMySellRequests = async (signal?: AbortSignal): Promise<SellRequest[]> =>
  toList<SellRequest>(await get('/api/sell_requests/', {}, { signal }));

/**
 * Live, coming and recent past auctions, to name a request's target. A failure here only loses the names (the
 * request still shows with its auction's date unknown), so it is not an error of the screen.
 */
export async function fetchTargetAuctions(signal?: AbortSignal): Promise<Auction[]> {
  const lists = await Promise.all((['live', 'next', 'past'] as const).map((time) =>
    get('/api/auctions/', { time, page_size: 50 }, { signal }).then((a) => toList<Auction>(a), () => [] as Auction[])));
  return lists.flat();
}

/** The file name the server gives (Content-Disposition), else the same name built here. */
const fileNameOf = (res: Response, reference: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `sell-request-${reference}.pdf`;

/**
 * Saves a request's PDF. The call answers the file itself (application/pdf), which the JSON client cannot carry, so it
 * is fetched here with the same bearer token and one refresh on a 401 (as the valuation photos are), then saved the
 * way downloadFile saves the base64 documents (a seller statement). A failure throws the server's message.
 */
export async function downloadSellRequestPdf(r: Pick<SellRequest, 'id' | 'reference'>): Promise<void> {
  const send = (token: string | null) =>
    fetch(`/api/sell_requests/${encodeURIComponent(r.id)}/pdf/`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  let res = await send(getAccess());
  if (res.status === 401 && (await refreshTokens())) res = await send(getAccess());
  if (!res.ok) {
    const text = await res.text();
    let data: unknown = text;
    try { data = JSON.parse(text); } catch { /* a plain text body */ }
    throw new ApiError(errorText({ status: res.status, data, json: data !== text }), res.status, data, {});
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res, r.reference);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
