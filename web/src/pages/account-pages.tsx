/** /account/sellers-area and /account/my-collection (simple read views). */
import { Link } from 'wouter';
import { get, isNotFound } from '../api/http';
import { Empty, ErrorNote, GridSkeleton, Spinner } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { LotGrid } from '../components/lot-card';
import { PageHead, RequireAuth } from '../components/page-head';
import { formatGBP } from '../lib/money';
import { toList, toLot } from '../lib/normalize';
import type { Lot } from '../lib/types';
import { putLots } from '../state/lots';

function SellerList({ title, path }: { title: string; path: string }) {
  const { data, error, reload } = useAsync(async () => {
    const answer = await get(path).catch((e) => (isNotFound(e) ? [] : Promise.reject(e)));
    return putLots(toList<Lot>(answer).map((l) => toLot(l)).filter((l): l is Lot => !!l));
  }, [path]);
  return (
    <section className="stack">
      <h2>{title}</h2>
      {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <GridSkeleton count={3} /> : data.length ? <LotGrid ids={data} label={title} /> : <p className="muted">None at the moment.</p>}
    </section>
  );
}

export function SellersAreaPage() {
  return (
    <>
      <PageHead title="Seller's area" eyebrow="My account"><p>Your lots in the live auction, the next one, and your results.</p></PageHead>
      <RequireAuth what="your lots for sale">
        <div className="container section stack">
          <SellerList title="Live · reserve met" path="/api/reserve_met/" />
          <SellerList title="Live · reserve not met" path="/api/reserve_not_met/" />
          <SellerList title="Scheduled" path="/api/sheduled_auction/" />
        </div>
      </RequireAuth>
    </>
  );
}

interface CollectionItem {
  id: string | number;
  title?: string;
  lot?: { item?: { title?: string } };
  price_paid?: string;
  estimated_auction_value?: string;
}

export function CollectionPage() {
  const { data, error, reload } = useAsync(async () => {
    const d = (await get('/api/my-collection/').catch((e) => (isNotFound(e) ? [] : Promise.reject(e)))) as { total_value?: string };
    return { items: toList<CollectionItem>(d), total: d?.total_value };
  }, []);
  return (
    <>
      <PageHead title="My collection" eyebrow="My account"><p>The bottles you own, what you paid and what they might fetch.</p></PageHead>
      <RequireAuth what="your collection">
        <div className="container section">
          <p><Link href="/account/my-collection/add-items" className="button button--ghost button--small">Add items</Link></p>
          {error ? <ErrorNote error={error} onRetry={reload} /> : !data ? <Spinner /> : data.items.length === 0 ? (
            <Empty title="Your collection is empty">Lots you win are added automatically.</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table">
                <caption>Total estimated value {formatGBP(data.total)}</caption>
                <thead><tr><th scope="col">Item</th><th scope="col">Price paid</th><th scope="col">Estimated auction value</th></tr></thead>
                <tbody>
                  {data.items.map((i) => (
                    <tr key={i.id}><td>{i.title ?? i.lot?.item?.title ?? `Item ${i.id}`}</td><td>{formatGBP(i.price_paid)}</td><td>{formatGBP(i.estimated_auction_value)}</td></tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </RequireAuth>
    </>
  );
}

export function AddItemsPage() {
  return (
    <>
      <PageHead title="Add items" eyebrow="My collection" />
      <RequireAuth what="your collection">
        <div className="container section narrow prose">
          <p>Search our past lots to add bottles you own to your collection and follow their value.</p>
          <Link href="/search" className="button button--primary">Search past lots</Link>
        </div>
      </RequireAuth>
    </>
  );
}
