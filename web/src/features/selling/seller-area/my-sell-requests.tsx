/**
 * "My sell requests" in the seller's area: the caller's own requests, newest first (the server's order). A failed
 * list shows the retry note and opens the screen's "Error occurred" dialog, like the results.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Empty, ErrorNote, Spinner } from '../../../components/feedback';
import { useAsync } from '../../../components/hooks';
import { SellRequestCard } from './sell-request-card';
import { fetchMySellRequests, fetchTargetAuctions } from './sell-requests-api';
import '../../../components/valuation.css';
import './sell-requests.css';

export function MySellRequests({ onError }: { onError: (e: unknown) => void }) {
  const list = useAsync((signal) => fetchMySellRequests(signal), []);
  const auctions = useAsync((signal) => fetchTargetAuctions(signal), []);
  useEffect(() => {
    if (list.error) onError(list.error);
  }, [list.error, onError]);

  return (
    <section aria-labelledby="my-sell-requests-h" className="stack">
      <div className="sell-req__section-head">
        <h2 id="my-sell-requests-h">My sell requests</h2>
        <Link href="/selling" className="text-link">Sell bottles</Link>
      </div>
      {list.error ? <ErrorNote error={list.error} onRetry={list.reload} />
        : !list.data ? <Spinner label="Loading your sell requests" />
        : list.data.length === 0 ? (
          <Empty title="No sell requests yet">
            <p>Want to sell bottles in a coming auction? <Link href="/selling" className="text-link">Start a sell request</Link>.</p>
          </Empty>
        ) : (
          <div className="sell-req__list">
            {list.data.map((r) => <SellRequestCard key={r.id} request={r} auctions={auctions.data ?? []} onError={onError} />)}
          </div>
        )}
    </section>
  );
}
