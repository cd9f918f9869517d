/** The search calls (spec 2 section 7, docs/api.md "Search"). */
import { get } from '../../api/http';
import { parseCounters, toLot, toPage } from '../../lib/normalize';
import type { Lot } from '../../lib/types';

export type Suggestion =
  | { kind: 'lot'; id: string; slug: string; title: string; distillery: string; region: string | null; status: string; price: string; price_label: 'hammer_price' | 'current_bid' | 'opening_bid' }
  | { kind: 'distillery' | 'region'; value: string; count?: number };

export async function fetchSearch(query: string, signal?: AbortSignal) {
  const page = toPage<Lot>(await get('/api/search_lots/', query, { signal }));
  return { ...page, results: page.results.map((l) => toLot(l)).filter((l): l is Lot => !!l) };
}

export const fetchSearchCounters = async (query: string, signal?: AbortSignal) =>
  parseCounters(await get('/api/search_lots/filter_counters/', query, { signal }));

export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const body = (await get('/api/search_lots/suggestions/', query, { signal })) as { suggestions?: Suggestion[] };
  return Array.isArray(body?.suggestions) ? body.suggestions : [];
}
