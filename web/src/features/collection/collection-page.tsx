/** /account/my-collection: the value chart, totals, search and ordering, cards, remove one or several. */
import { useState } from 'react';
import { Link } from 'wouter';
import { Empty, ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { PageHead, RequireAuth } from '../../components/page-head';
import { Pager } from '../../components/pager';
import { formatGBP } from '../../lib/money';
import { useErrorDialog } from '../../components/error-dialog';
import { deleteItem, fetchCollection, removeItems } from './api';
import { CollectionCard } from './collection-card';
import { CollectionChart } from './collection-chart';
import './collection.css';

const ORDERINGS: [string, string][] = [
  ['-added_at', 'Recently added'], ['-estimated_auction_value', 'Value (highest first)'], ['estimated_auction_value', 'Value (lowest first)'],
  ['title', 'Name (A-Z)'], ['-title', 'Name (Z-A)'], ['-date', 'Bought (newest first)'], ['-price_paid', 'Price paid (highest first)'],
];
const PAGE_SIZE = 20;

function Collection() {
  const [page, setPage] = useState(1);
  const [ordering, setOrdering] = useState('-added_at');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const { dialog, show } = useErrorDialog();
  const { data, error, reload } = useAsync(() => fetchCollection({ page, page_size: PAGE_SIZE, ordering, search }), [page, ordering, search, version]);
  const changed = () => { setSelected(new Set()); setVersion((v) => v + 1); };
  const run = (call: Promise<unknown>) => call.then(changed, show);

  return (
    <div className="container section collection">
      {dialog}
      <div className="collection__head">
        <dl className="collection__totals" aria-label="Collection totals">
          <div><dt>Estimated value</dt><dd data-testid="collection-total">{formatGBP(data?.total_value)}</dd></div>
          <div><dt>Price paid</dt><dd>{formatGBP(data?.total_price_paid)}</dd></div>
          <div><dt>Items</dt><dd>{data?.count ?? '—'}</dd></div>
        </dl>
        <Link href="/account/my-collection/add-items" className="button button--primary button--small">Add items</Link>
      </div>
      <CollectionChart version={version} />
      <form className="collection__tools controls" role="search" onSubmit={(e) => { e.preventDefault(); setPage(1); setSearch(typed.trim()); }}>
        <label>Search your collection <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} /></label>
        <label>Sort by{' '}
          <select value={ordering} onChange={(e) => { setPage(1); setOrdering(e.target.value); }}>
            {ORDERINGS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
          </select>
        </label>
        <button type="button" className="button button--ghost button--small" disabled={selected.size === 0}
          onClick={() => run(removeItems([...selected]))}>Remove selected ({selected.size})</button>
      </form>
      {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : data.count === 0 ? (
        <Empty title={search ? 'Nothing matches your search' : 'Your collection is empty'}>Lots you win and pay for are added automatically.</Empty>
      ) : (
        <>
          <div className="collection__grid">
            {data.results.map((item) => (
              <CollectionCard key={item.id} item={item} selected={selected.has(item.id)}
                onSelect={(on) => setSelected((s) => { const n = new Set(s); if (on) n.add(item.id); else n.delete(item.id); return n; })}
                onChanged={changed} onDelete={() => run(deleteItem(item.id))} onError={show} />
            ))}
          </div>
          <Pager page={page} totalPages={data.total_pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

export function CollectionPage() {
  return (
    <>
      <PageHead title="My collection" eyebrow="My account"><p>The bottles and casks you own, what you paid and what they might fetch at auction.</p></PageHead>
      <RequireAuth what="your collection"><Collection /></RequireAuth>
    </>
  );
}
