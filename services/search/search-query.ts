/**
 * The query of the search calls (spec 2 section 7): the listing's own filters (services/catalogue/lots/filter-query)
 * plus the term, strict mode, the sold and live switches, the search page sizes and the relevance ordering.
 */
import { z } from 'zod';
import { queryBool } from '../../infra/http/validation';
import { lotFilterFields, ORDERINGS } from '../catalogue/lots/filter-query';
import { checkCaskRanges } from '../catalogue/lots/cask-filter';

export const SEARCH_PAGE_SIZES = [20, 40, 80, 100] as const;
export const SEARCH_ORDERINGS = ['relevance', ...ORDERINGS] as const;
export type SearchOrdering = (typeof SEARCH_ORDERINGS)[number];

/** Words of the term, lower-cased: letters and digits only, so they are always safe inside a tsquery. */
export function termWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

const term = z.string().trim().max(200, 'Search with at most 200 characters.').default('');

/** What every search call shares: the term and who is in the population. */
export const searchScopeFields = {
  search: term,
  strict_search: queryBool.optional(),
  sold_lot: queryBool.optional(),
  live_lot: queryBool.optional(),
};

export const searchQuery = z.object({
  ...lotFilterFields,
  ...searchScopeFields,
  ordering: z.enum(SEARCH_ORDERINGS, { message: `Choose one of: ${SEARCH_ORDERINGS.join(', ')}.` }).default('relevance'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .refine((n) => (SEARCH_PAGE_SIZES as readonly number[]).includes(n), { message: 'Choose a page size of 20, 40, 80 or 100.' })
    .default(20),
}).superRefine(checkCaskRanges);
export type SearchQuery = z.infer<typeof searchQuery>;

export const countersQuery = z.object({ ...lotFilterFields, ...searchScopeFields }).superRefine(checkCaskRanges);
export type CountersQuery = z.infer<typeof countersQuery>;

/** Suggestions name the switches is_sold / is_live (spec 2 section 7). */
export const suggestionsQuery = z.object({
  search: term,
  strict_search: queryBool.optional(),
  is_sold: queryBool.optional(),
  is_live: queryBool.optional(),
});

/** The scope of a search: term, strictness and the switches, whatever the call named them. */
export interface SearchScope {
  words: string[];
  term: string;
  strict: boolean;
  sold: boolean;
  live: boolean;
}

export function scopeOf(q: { search: string; strict_search?: boolean; sold_lot?: boolean; live_lot?: boolean }): SearchScope {
  const words = termWords(q.search);
  return { words, term: words.join(' '), strict: q.strict_search === true, sold: q.sold_lot === true, live: q.live_lot === true };
}
