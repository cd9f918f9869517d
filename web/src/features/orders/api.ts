/**
 * Orders of the signed-in buyer (docs/checkout-api.md "Orders"): the history, paged, and each order's invoice PDF
 * (base64 file, filename, mime type). Money is a decimal string "125.00".
 */
import { downloadFrom } from '../../api/files';
import { get, post } from '../../api/http';
import { unwrap } from '../../lib/normalize';
import type { OrdersHistory, UnpaidNotice, UnpaidNoticeReadBody } from '../../api/contract';

export type { Order } from '../../api/contract';

const ORDERS_PAGE_SIZE = 10;

export async function fetchOrdersHistory(page: number, signal?: AbortSignal): Promise<OrdersHistory> {
  const d = unwrap<Partial<OrdersHistory>>(await get('/api/orders_history/', { page, page_size: ORDERS_PAGE_SIZE }, { signal }));
  const results = Array.isArray(d.results) ? d.results : [];
  return {
    count: typeof d.count === 'number' ? d.count : results.length,
    amount: d.amount ?? '0.00',
    count_page: Math.max(1, typeof d.count_page === 'number' ? d.count_page : 1),
    results: results.map((o) => ({ ...o, id: String(o.id), lots: Array.isArray(o.lots) ? o.lots : [] })),
  };
}

/** The invoice PDF of one of the caller's orders, saved by the browser. */
export async function downloadInvoice(orderId: string): Promise<void> {
  await downloadFrom(`/api/orders/${encodeURIComponent(orderId)}/get_pdf/`);
}

export type UnpaidLotsNotice = UnpaidNotice;

export async function fetchUnpaidLotsNotice(signal?: AbortSignal): Promise<UnpaidLotsNotice> {
  const d = unwrap<Partial<UnpaidLotsNotice>>(await get('/api/unpaid_lots_to_notify/', undefined, { signal }));
  const lots = Array.isArray(d.lots) ? d.lots.map((l) => ({ ...l, id: String(l.id) })) : [];
  return { unpaid_lots_to_notify: !!d.unpaid_lots_to_notify, count: typeof d.count === 'number' ? d.count : lots.length, lots };
}

/** The notice is shown once: flagged read as soon as it is on screen. */
export const markUnpaidLotsRead = () => post('/api/unpaid_lots_to_notify/', { read: true } satisfies UnpaidNoticeReadBody);
