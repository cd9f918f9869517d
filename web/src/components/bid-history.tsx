/** GET /api/bids/?lot=ID: who bid what and when (own bids read "You"); reloads when the price moves. */
import { fetchBids } from '../api/lots';
import { formatDateTime } from '../lib/dates';
import { formatGBP } from '../lib/money';
import { ErrorNote, Spinner } from './feedback';
import { useAsync } from './hooks';

export function BidHistory({ lotId, version }: { lotId: string; version: string }) {
  const { data, error, loading, reload } = useAsync(() => fetchBids(lotId), [lotId, version]);
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title">Bid history</h2>
      {error ? (
        <ErrorNote error={error} onRetry={reload} />
      ) : !data ? (
        loading && <Spinner label="Loading bids" />
      ) : data.length === 0 ? (
        <p className="muted">No bids yet. Be the first.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr><th scope="col">Bidder</th><th scope="col">Amount</th><th scope="col">Time</th></tr>
            </thead>
            <tbody>
              {data.map((b) => (
                <tr key={b.id} className={b.bidder === 'You' ? 'is-own' : undefined}>
                  <td>{b.bidder}{b.is_auto && <span className="tag" title="Placed automatically up to the bidder's maximum">auto</span>}</td>
                  <td>{formatGBP(b.amount)}</td>
                  <td>{formatDateTime(b.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
