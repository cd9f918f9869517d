/** The search calls (spec 2 section 7, docs/api.md "Search"). */
import { get } from '../../api/http';
import type { FilterCounters, LotAnswer, Page, Suggestion } from '../../api/contract';
import { parseCounters } from '../../lib/normalize';
import { parseCaskRanges } from '../../lib/cask-filters';

export type { Suggestion };

export const fetchSearch = (query: string, signal?: AbortSignal) => get<Page<LotAnswer>>('/api/search_lots/', query, { signal });

/** The counted choices, and the bounds of the cask ranges (the range inputs' hints). */
export async function fetchSearchCounters(query: string, signal?: AbortSignal) {
  const raw = await get<FilterCounters>('/api/search_lots/filter_counters/', query, { signal });
  return { counters: parseCounters(raw), caskRanges: parseCaskRanges(raw) };
}

export async function fetchSuggestions(query: string, signal?: AbortSignal): Promise<Suggestion[]> {
  return (await get<{ suggestions: Suggestion[] }>('/api/search_lots/suggestions/', query, { signal })).suggestions;
}
