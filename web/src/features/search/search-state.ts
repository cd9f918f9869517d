/**
 * The search state (spec 2, "Search state"): suggestions, results, filters, ordering, pageSize, currentPage,
 * inputValue, plus the submitted term. Kept in a store so coming back to /search finds the last search.
 */
import { proxy } from 'valtio';
import type { Suggestion } from './search-api';
import { defaultSearchFilters, type SearchFilters } from './search-query';
import type { CounterOption } from '../../lib/normalize';
import type { CaskRangeBounds } from '../../lib/cask-filters';

interface SearchResults {
  ids: string[];
  count: number;
  totalPages: number;
}

export const searchState = proxy({
  suggestions: [] as Suggestion[],
  results: null as SearchResults | null,
  counters: {} as Record<string, CounterOption[]>,
  caskRanges: {} as CaskRangeBounds,
  filters: defaultSearchFilters() as SearchFilters,
  ordering: 'relevance',
  pageSize: 20,
  currentPage: 1,
  inputValue: '',
  term: '',
});

/** Search failure (spec 2 section 8): everything back to its start, except the additional filters. */
export function resetSearchKeepingFilters(): void {
  searchState.suggestions = [];
  searchState.results = null;
  searchState.counters = {};
  searchState.caskRanges = {};
  searchState.ordering = 'relevance';
  searchState.pageSize = 20;
  searchState.currentPage = 1;
  searchState.inputValue = '';
  searchState.term = '';
}
