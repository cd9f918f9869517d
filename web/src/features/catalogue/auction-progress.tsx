/** Live progress of one auction, re-read every few seconds while shown (counts, bids, hammer, next and last end). */
import { useEffect } from 'react';
import { ErrorNote, Spinner } from '../../components/feedback';
import { useAsync } from '../../components/hooks';
import { formatDateTime } from '../../lib/dates';
import { formatGBP } from '../../lib/money';
import { fetchProgress } from './api';

const PROGRESS_REFRESH_MS = 5_000;

export function AuctionProgressPanel({ auctionId }: { auctionId: string }) {
  const progress = useAsync((signal) => fetchProgress(auctionId, signal), [auctionId]);
  const { reload } = progress;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload is new every render; the timer only needs the auction
  useEffect(() => {
    const timer = setInterval(reload, PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
    // reload changes identity every render; the timer only needs the auction.
  }, [auctionId]);

  if (progress.error && !progress.data) return <ErrorNote error={progress.error} onRetry={reload} />;
  const p = progress.data;
  if (!p) return <Spinner label="Loading progress" />;
  return (
    <section className="catalogue-progress" aria-label="Live progress" aria-busy={progress.loading}>
      <h3 className="catalogue-form__title">Progress</h3>
      <dl className="catalogue-progress__grid">
        <div><dt>Lots</dt><dd data-testid="progress-total">{p.lots.total}</dd></div>
        <div><dt>Scheduled</dt><dd>{p.lots.scheduled}</dd></div>
        <div><dt>Open</dt><dd data-testid="progress-open">{p.lots.open}</dd></div>
        <div><dt>Closed</dt><dd>{p.lots.closed}</dd></div>
        <div><dt>Sold</dt><dd>{p.lots.sold}</dd></div>
        <div><dt>Not sold</dt><dd>{p.lots.unsold}</dd></div>
        <div><dt>Withdrawn</dt><dd data-testid="progress-withdrawn">{p.lots.withdrawn}</dd></div>
        <div><dt>Bids so far</dt><dd>{p.bids}</dd></div>
        <div><dt>Hammer so far</dt><dd>{formatGBP(p.hammer_total)}</dd></div>
        <div><dt>Next lot to end</dt><dd>{p.next_lot ? `${p.next_lot.reference_no} ${p.next_lot.title}, ${formatDateTime(p.next_lot.ends_at)}` : '—'}</dd></div>
        <div><dt>Last lot ends</dt><dd>{p.last_end ? formatDateTime(p.last_end) : '—'}</dd></div>
      </dl>
      <p className="catalogue-progress__note">Updated every few seconds{p.auction.finished ? ': this auction has finished.' : '.'}</p>
    </section>
  );
}
