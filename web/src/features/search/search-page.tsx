/**
 * /search (spec 2): suggestions as one types, filters with counters, ordering (relevance first), page sizes 20-100,
 * paging. The term lives in the URL (?search=), so results can be linked and the back button works. A failed search
 * opens "Error occurred" and resets the search state, keeping the additional filters (spec 2 section 8).
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Empty, GridSkeleton } from '../../components/feedback';
import { LotGrid } from '../../components/lot-card';
import { PageHead } from '../../components/page-head';
import { Pager } from '../../components/pager';
import { putLots } from '../../state/lots';
import { useErrorDialog } from '../../components/error-dialog';
import { fetchSearch, fetchSearchCounters } from './search-api';
import { countersQuery, SEARCH_PAGE_SIZES, SEARCH_SORT_OPTIONS, searchQuery, type SearchFilters } from './search-query';
import { resetSearchKeepingFilters, searchState } from './search-state';
import { SearchFiltersPanel } from './search-filters';
import { SuggestionBox } from './suggestion-box';
import './search.css';

export function SearchPage() {
  const urlTerm = new URLSearchParams(useSearch()).get('search')?.trim() ?? '';
  const [, navigate] = useLocation();
  const snap = useSnapshot(searchState);
  const errors = useErrorDialog();

  // The URL names the term: a new one starts at page 1.
  useEffect(() => {
    if (urlTerm === searchState.term) return;
    searchState.term = urlTerm;
    searchState.inputValue = urlTerm;
    searchState.currentPage = 1;
  }, [urlTerm]);

  const request = { term: snap.term, filters: snap.filters as SearchFilters, ordering: snap.ordering, pageSize: snap.pageSize, currentPage: snap.currentPage };
  const query = snap.term ? searchQuery(request) : '';
  const counterQuery = snap.term ? countersQuery(request) : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: one search per query; navigate and errors.show only handle a failure, they do not change what is fetched
  useEffect(() => {
    if (!query) return;
    const ctrl = new AbortController();
    searchState.results = null;
    Promise.all([fetchSearch(query, ctrl.signal), fetchSearchCounters(counterQuery, ctrl.signal)]).then(
      ([page, counters]) => {
        if (ctrl.signal.aborted) return;
        searchState.results = { ids: putLots(page.results), count: page.count, totalPages: page.total_pages };
        searchState.counters = counters.counters;
        searchState.caskRanges = counters.caskRanges;
      },
      (error: unknown) => {
        if (ctrl.signal.aborted) return;
        resetSearchKeepingFilters();
        navigate('/search', { replace: true });
        errors.show(error);
      },
    );
    return () => ctrl.abort();
  }, [query, counterQuery]);

  const search = (text: string) => {
    const term = text.trim();
    searchState.currentPage = 1;
    navigate(term ? `/search?search=${encodeURIComponent(term)}` : '/search');
  };
  const setFilters = (f: SearchFilters) => {
    searchState.filters = f;
    searchState.currentPage = 1;
  };
  const results = snap.results;
  // The first results of a visit come with the filters' counters: until then one skeleton, so the filters (above
  // the results on a phone) do not appear over them and push them down (issue #19, layout shift).
  const firstLoad = !!snap.term && !results && Object.keys(snap.counters).length === 0;

  return (
    <>
      <PageHead title="Search" eyebrow="Find a lot" />
      <div className="container section">
        <SuggestionBox onSearch={search} onOpenLot={(s) => navigate(`/product/${s.id}/${s.slug}`)} />
        {firstLoad ? <div aria-busy="true"><GridSkeleton /></div> : (
        <div className="listing">
          <aside className="listing__filters is-open" aria-label="Search filters">
            <SearchFiltersPanel filters={snap.filters as SearchFilters} counters={snap.counters as Record<string, never[]>} caskRanges={snap.caskRanges} onChange={setFilters} />
          </aside>
          <div className="listing__main">
            <div className="toolbar">
              <div className="toolbar__controls">
                <div className="field field--inline">
                  <label htmlFor="search-sort">Sort by</label>
                  <select id="search-sort" value={snap.ordering} onChange={(e) => { searchState.ordering = e.target.value; searchState.currentPage = 1; }}>
                    {SEARCH_SORT_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                  </select>
                </div>
                <div className="field field--inline">
                  <label htmlFor="search-size">Per page</label>
                  <select id="search-size" value={snap.pageSize} onChange={(e) => { searchState.pageSize = Number(e.target.value); searchState.currentPage = 1; }}>
                    {SEARCH_PAGE_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </div>
              </div>
            </div>
            {!snap.term ? (
              <Empty title="What are you looking for?">Search by distillery, bottling, age or region.</Empty>
            ) : !results ? (
              <GridSkeleton />
            ) : results.count === 0 ? (
              <Empty title={`No lots found for “${snap.term}”`}>Try a shorter term, fewer filters or include sold lots.</Empty>
            ) : (
              <>
                <p className="toolbar__count" aria-live="polite">{results.count} {results.count === 1 ? 'result' : 'results'} for “{snap.term}”</p>
                <LotGrid ids={results.ids} label="Search results" />
                <Pager page={snap.currentPage} totalPages={results.totalPages} onPage={(p) => { searchState.currentPage = p; }} />
              </>
            )}
          </div>
        </div>
        )}
      </div>
      {errors.dialog}
    </>
  );
}
