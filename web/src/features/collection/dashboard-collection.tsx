/** The dashboard's collection block: the total (GET /api/my_collection_total/) and the value over time. */
import { Link } from 'wouter';
import { Empty, ErrorNote } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { formatGBP } from '../../lib/money';
import { fetchTotal } from './api';
import { CollectionChart } from './collection-chart';
import './collection.css';

export function DashboardCollection() {
  const total = useAsync(() => fetchTotal(), []);
  return (
    <section className="dashboard__block" aria-labelledby="dashboard-collection">
      <h2 id="dashboard-collection">My collection</h2>
      {total.error ? (
        <ErrorNote error={total.error} onRetry={total.reload} />
      ) : !total.data ? null : total.data.count === 0 ? (
        <Empty title="Nothing in your collection yet">
          <p>Lots you win and pay for join it by themselves.</p>
          <Link href="/account/my-collection/add-items" className="text-link">Add a bottle you own</Link>
        </Empty>
      ) : (
        <>
          <p>
            {total.data.count} {total.data.count === 1 ? 'item' : 'items'}, estimated auction value <strong>{formatGBP(total.data.total_value)}</strong>
            {' '}(paid {formatGBP(total.data.total_price_paid)}).{' '}
            <Link href="/account/my-collection" className="text-link">Open my collection</Link>
          </p>
          <CollectionChart version={0} />
        </>
      )}
    </section>
  );
}
