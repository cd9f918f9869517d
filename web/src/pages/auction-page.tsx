/** /auction (live lots) and /past-auction (results): filters with counters, sorting, page size and paging. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fetchAuctionYears, fetchCounters, fetchListing } from '../api/lots';
import { Countdown } from '../components/countdown';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { useAsync, useTitle } from '../components/hooks';
import { ListingFiltersPanel, ListingToolbar } from '../components/listing-filters';
import { LotGrid } from '../components/lot-card';
import { Pager } from '../components/pager';
import { formatDateTime } from '../lib/dates';
import {
  buildListingQuery, clearFilters, defaultFilters, loadFilters, saveFilters, type ListingFilters, type ListingMode,
} from '../lib/filter-query';
import { auctionName } from '../lib/normalize';
import { auctions } from '../state/auctions';
import { putLots } from '../state/lots';

const store = () => {
  try {
    return window.sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  }
};

export function AuctionPage({ mode }: { mode: ListingMode }) {
  const live = mode === 'live';
  useTitle(live ? 'Live Auction' : 'Past Auctions');
  const { live: liveAuction, loaded: auctionsKnown } = useSnapshot(auctions);
  const [filters, setFilters] = useState<ListingFilters>(() => loadFilters(store(), mode));
  const [showFilters, setShowFilters] = useState(false);
  const top = useRef<HTMLDivElement>(null);

  const update = (f: ListingFilters) => {
    setFilters(f);
    saveFilters(store(), mode, f);
  };
  const reset = () => {
    clearFilters(store(), mode);
    setFilters(defaultFilters(mode));
  };

  const query = buildListingQuery(filters, mode);
  const counterQuery = buildListingQuery({ ...filters, page: 1, ordering: defaultFilters(mode).ordering, page_size: defaultFilters(mode).page_size }, mode);
  const list = useAsync(async (signal) => {
    const page = await fetchListing(query, signal);
    return { ...page, ids: putLots(page.results) };
  }, [query]);
  const counters = useAsync((signal) => fetchCounters(counterQuery, signal), [counterQuery]);
  const years = useAsync(() => (live ? Promise.resolve([]) : fetchAuctionYears()), [live]);

  const selectedCount = useMemo(
    () => Object.values(filters.selected).reduce((n, v) => n + v.length, 0) + (filters.still_on_bidding ? 1 : 0) + (filters.vat_enabled ? 0 : 1),
    [filters],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new page of results arrives; filters and update are read as of that render
  useEffect(() => {
    if (filters.page > 1 && list.data && filters.page > list.data.total_pages) update({ ...filters, page: 1 });
  }, [list.data]);

  const goPage = (page: number) => {
    update({ ...filters, page });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  // The live page's head names the auction and shows its clock: it waits for them rather than growing over the lots
  // (issue #19, layout shift on phones, where the clock wraps under the title).
  if (live && !auctionsKnown) return <div className="page-head page-head--pending" aria-busy="true" />;
  return (
    <div className="listing-page">
      <header className="page-head">
        <div className="container page-head__inner">
          <div>
            <p className="eyebrow">{live ? (liveAuction ? auctionName(liveAuction) : 'Current auction') : 'Results'}</p>
            <h1>{live ? 'Live Auction' : 'Past Auctions'}</h1>
            <p className="page-head__text">
              {live
                ? liveAuction
                  ? `Lots close from ${formatDateTime(liveAuction.end_date)}. A bid in a lot's last 3 minutes extends it by 3 minutes.`
                  : 'There is no auction live at the moment; the lots below are the latest on offer.'
                : 'Hammer prices from our previous auctions, by the date each auction ended.'}
            </p>
          </div>
          {live && liveAuction && <Countdown end={liveAuction.end_date} label="Closing in" />}
        </div>
      </header>
      <div className="container listing" ref={top}>
        <button type="button" className="button button--ghost filters-toggle" aria-expanded={showFilters} aria-controls="listing-filters" onClick={() => setShowFilters(!showFilters)}>
          Filters{selectedCount ? ` (${selectedCount})` : ''}
        </button>
        <aside id="listing-filters" className={`listing__filters${showFilters ? ' is-open' : ''}`} aria-label="Filters">
          <ListingFiltersPanel
            mode={mode}
            filters={filters}
            counters={counters.data ?? {}}
            years={years.data ?? []}
            onChange={update}
            onReset={reset}
          />
        </aside>
        <section className="listing__results" aria-labelledby="listing-results-title" aria-busy={list.loading}>
          {/* The lot cards' titles are h3: on a phone the Filters h2 is hidden, and h1 -> h3 would skip a level. */}
          <h2 id="listing-results-title" className="visually-hidden">Lots</h2>
          <ListingToolbar filters={filters} count={list.data ? list.data.count : null} onChange={update} />
          {list.error ? (
            <ErrorNote error={list.error} onRetry={list.reload} />
          ) : !list.data ? (
            <GridSkeleton count={8} />
          ) : list.data.ids.length === 0 ? (
            <Empty title="No lots match these filters">
              <button type="button" className="button button--ghost button--small" onClick={reset}>Clear all filters</button>
            </Empty>
          ) : (
            <div className={list.loading ? 'is-refreshing' : undefined}>
              <LotGrid ids={list.data.ids} label={live ? 'Live lots' : 'Past lots'} />
            </div>
          )}
          {list.data && <Pager page={filters.page} totalPages={list.data.total_pages} onPage={goPage} />}
        </section>
      </div>
    </div>
  );
}
