/** /search: lot search with relevance or the listing sorts, page sizes 20-100, sold and live switches. */
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isNotFound } from '../api/http';
import { searchLots } from '../api/lots';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { LotGrid } from '../components/lot-card';
import { PageHead } from '../components/page-head';
import { Pager } from '../components/pager';
import { SORT_OPTIONS } from '../lib/filter-query';
import { putLots } from '../state/lots';

const SEARCH_SIZES = [20, 40, 80, 100];
const ORDERINGS = [{ value: 'relevance', label: 'Relevance' }, ...SORT_OPTIONS];

export function SearchPage() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const term = params.get('search') ?? '';
  const [text, setText] = useState(term);
  const [ordering, setOrdering] = useState('relevance');
  const [pageSize, setPageSize] = useState(20);
  const [page, setPage] = useState(1);
  const [sold, setSold] = useState(false);
  const [liveOnly, setLiveOnly] = useState(false);

  const q = new URLSearchParams({ search: term, page: String(page), page_size: String(pageSize) });
  if (ordering !== 'relevance') q.set('ordering', ordering);
  if (sold) q.set('sold_lot', 'true');
  if (liveOnly) q.set('live_lot', 'true');
  const query = q.toString();
  const result = useAsync(async (signal) => {
    if (!term) return null;
    const r = await searchLots(query, signal);
    return { ...r, ids: putLots(r.results) };
  }, [query, term]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    navigate(`/search?search=${encodeURIComponent(text.trim())}`);
  };

  return (
    <>
      <PageHead title="Search" eyebrow="Find a lot" />
      <div className="container section">
        <form className="search-page__form" role="search" onSubmit={submit}>
          <label htmlFor="search-term" className="visually-hidden">Search lots</label>
          <input id="search-term" type="search" value={text} placeholder="Distillery, bottling, age…" onChange={(e) => setText(e.target.value)} />
          <button type="submit" className="button button--primary">Search</button>
        </form>
        <div className="toolbar">
          <div className="toolbar__controls">
            <div className="field field--inline">
              <label htmlFor="search-sort">Sort by</label>
              <select id="search-sort" value={ordering} onChange={(e) => { setOrdering(e.target.value); setPage(1); }}>
                {ORDERINGS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
            </div>
            <div className="field field--inline">
              <label htmlFor="search-size">Per page</label>
              <select id="search-size" value={pageSize} onChange={(e) => { setPageSize(Number(e.target.value)); setPage(1); }}>
                {SEARCH_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </div>
            <div className="switch"><input id="s-sold" type="checkbox" role="switch" checked={sold} onChange={(e) => setSold(e.target.checked)} /><label htmlFor="s-sold">Include sold lots</label></div>
            <div className="switch"><input id="s-live" type="checkbox" role="switch" checked={liveOnly} onChange={(e) => setLiveOnly(e.target.checked)} /><label htmlFor="s-live">Live lots only</label></div>
          </div>
        </div>
        {!term ? (
          <Empty title="What are you looking for?">Search by distillery, bottler, age or cask.</Empty>
        ) : result.error ? (
          isNotFound(result.error) ? (
            <Empty title="Search is not available at the moment">Browse the live auction or past results meanwhile.</Empty>
          ) : (
            <ErrorNote error={result.error} onRetry={result.reload} />
          )
        ) : !result.data ? (
          <GridSkeleton />
        ) : result.data.ids.length === 0 ? (
          <Empty title={`No lots found for “${term}”`}>Try a shorter term or include sold lots.</Empty>
        ) : (
          <>
            <p className="toolbar__count" aria-live="polite">{result.data.count} results for “{term}”</p>
            <LotGrid ids={result.data.ids} label="Search results" />
            <Pager page={page} totalPages={result.data.total_pages} onPage={setPage} />
          </>
        )}
      </div>
    </>
  );
}
