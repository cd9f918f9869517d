/** GET /api/bids/?lot=ID: who bid what and when (own bids read "You"); reloads when the price moves. */
import { fetchBids } from './api';
import { formatDateTime } from '../../lib/dates';
import { formatGBP, toPence } from '../../lib/money';
import type { BidHistoryEntry } from '../../lib/types';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';

const RETRY_DELAYS_MS = [150, 300, 600, 1200, 2400];

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });

/**
 * The history is a read model that may trail the bid answer and the live price by a moment: when its newest line
 * is not yet the current price, read it again shortly (a few times) rather than show a history missing the bid.
 */
async function loadHistory(lotId: string, currentBid: string | null | undefined, signal: AbortSignal): Promise<BidHistoryEntry[]> {
  const want = toPence(currentBid);
  let bids = await fetchBids(lotId);
  for (const delay of RETRY_DELAYS_MS) {
    if (want === null || signal.aborted || toPence(bids[0]?.amount) === want) break;
    await sleep(delay, signal);
    if (!signal.aborted) bids = await fetchBids(lotId);
  }
  return bids;
}

export function BidHistory({ lotId, currentBid, version }: { lotId: string; currentBid: string | null | undefined; version: string }) {
  const { data, error, loading, reload } = useAsync((signal) => loadHistory(lotId, currentBid, signal), [lotId, version]);
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
