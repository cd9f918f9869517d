/**
 * The selling calls (docs: /tmp contract "Sell requests"): a sell request with new items (answers the PDF to keep) and
 * the estimated valuation a request may start from. The auctions still taking bottles are api/site.ts.
 */
import { get, post } from '../../api/http';
import { unwrap } from '../../lib/normalize';
import type { NewItemsSubmitted, Valuation } from '../../api/contract';
import type { NewItemsBody } from './rules';

export type NewItemsAnswer = NewItemsSubmitted;

export const submitNewItems = async (body: NewItemsBody): Promise<NewItemsAnswer> =>
  unwrap(await post('/api/sell_request/', body, { query: { type: 'new_items' } }));

export const fetchValuation = async (id: string, signal?: AbortSignal): Promise<Valuation> =>
  unwrap(await get(`/api/valuation_requests/${encodeURIComponent(id)}/`, undefined, { signal }));
