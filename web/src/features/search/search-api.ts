/** The search calls (spec 2 section 7, docs/api.md "Search"). */
import { get } from '../../api/http';
import { parseCounters, toLot, toPage } from '../../lib/normalize';
import { parseCaskRanges } from '../../lib/cask-filters';
import type { Lot } from '../../lib/types';

export type Suggestion =
  | { kind: 'lot'; id: string; slug: string; title: string; distillery: string; region: string | null; status: string; price: string; price_label: 'hammer_price' | 'current_bid' | 'opening_bid' }
  | { kind: 'distillery' | 'region'; value: string; count?: number };

export async function fetchSearch(query: string, signal?: AbortSignal) {
  const page = toPage<Lot>(await get('/api/search_lots/', query, { signal }));
  return { ...page, results: page.results.map((l) => toLot(l)).filter((l): l is Lot => !!l) };
}

/** The counted choices, and the bounds of the cask ranges (the range inputs' hints). */
export async function fetchSearchCounters(query: string, signal?: AbortSignal) {
  const raw = await get('/api/search_lots/filter_counters/', query, { signal });
  return { counters: parseCounters(raw), caskRanges: parseCaskRanges(raw) };
}

export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<Suggestion[]> {
  const body = (await get('/api/search_lots/suggestions/', query, { signal })) as { suggestions?: Suggestion[] };
  return Array.isArray(body?.suggestions) ? body.suggestions : [];
}
