/**
 * The search page's state as the query strings of its calls (spec 2 section 7): GET /api/search_lots/ (page,
 * page_size 20/40/80/100, search, ordering incl. relevance, sold_lot, live_lot, strict_search, filters as repeated
 * keys), its filter counters, and GET /api/search_lots/suggestions/ (search, strict_search, is_sold, is_live).
 */
import { SORT_OPTIONS } from '../../lib/filter-query';

export const SEARCH_PAGE_SIZES = [20, 40, 80, 100] as const;
export const SEARCH_SORT_OPTIONS = [{ value: 'relevance', label: 'Relevance' }, ...SORT_OPTIONS] as const;
/** Debounce default (spec 2, "Debounce default 300 ms"). */
export const SUGGEST_DEBOUNCE_MS = 300;

/** The "additional filters": kept when a failed search resets the rest of the search state. */
export interface SearchFilters {
  selected: Record<string, string[]>;
  sold: boolean;
  live: boolean;
  strict: boolean;
}

export const defaultSearchFilters = (): SearchFilters => ({ selected: {}, sold: false, live: false, strict: false });

interface SearchRequest {
  term: string;
  filters: SearchFilters;
  ordering: string;
  pageSize: number;
  currentPage: number;
}

function switches(q: URLSearchParams, f: SearchFilters, names: { sold: string; live: string }): void {
  if (f.strict) q.set('strict_search', 'true');
  if (f.sold) q.set(names.sold, 'true');
  if (f.live) q.set(names.live, 'true');
}

/** The counters' query: term, switches and filters (no paging, no ordering). */
export function countersQuery(r: Pick<SearchRequest, 'term' | 'filters'>): string {
  const q = new URLSearchParams({ search: r.term });
  switches(q, r.filters, { sold: 'sold_lot', live: 'live_lot' });
  for (const [key, values] of Object.entries(r.filters.selected).sort()) for (const v of values) q.append(key, v);
  return q.toString();
}

export function searchQuery(r: SearchRequest): string {
  const q = new URLSearchParams({ page: String(r.currentPage), page_size: String(r.pageSize), ordering: r.ordering });
  return `${q.toString()}&${countersQuery(r)}`;
}

export function suggestionsQuery(text: string, f: SearchFilters): string {
  const q = new URLSearchParams({ search: text.trim() });
  switches(q, f, { sold: 'is_sold', live: 'is_live' });
  return q.toString();
}

export function toggleSelected(f: SearchFilters, key: string, value: string): SearchFilters {
  const current = f.selected[key] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...f, selected: { ...f.selected, [key]: next } };
}
