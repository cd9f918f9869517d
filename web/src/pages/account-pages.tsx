/** /account/my-collection (a simple read view); the seller's area is features/seller-area. */
import { Link } from 'wouter';
import { get, isNotFound } from '../api/http';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { PageHead, RequireAuth } from '../components/page-head';
import { formatGBP } from '../lib/money';
import { toList } from '../lib/normalize';

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
