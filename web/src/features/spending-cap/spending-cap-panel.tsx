/**
 * The "Spending cap" panel of the buyer's area: a block per live auction and, folded, the soonest next ones (open
 * when a cap is already set), so the tabs below stay within reach on a phone.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ErrorNote } from '../../components/feedback';
import { formatGBP } from '../../lib/money';
import { auctionName } from '../../lib/normalize';
import { formatLongDate } from '../../lib/dates';
import type { DeepReadonly } from '../../lib/types';
import type { SpendingCapView } from './api';
import { CapBlock } from './cap-block';
import { loadSpendingCaps, spendingCaps } from './cap-store';
import { useCapRefresh } from './use-cap-refresh';
import './spending-cap.css';

/** A next auction, folded unless a cap is set; it stays as the bidder leaves it while they change the cap. */
function NextAuction({ view }: { view: DeepReadonly<SpendingCapView> }) {
  const [open] = useState(view.cap !== null);
  return (
    <details className="cap-next" open={open}>
      <summary className="cap-next__summary">
        <span className="cap-next__name">{auctionName(view.auction)}</span>
        <span className="cap-next__note">
          Opens {formatLongDate(view.auction.start_date)} · {view.cap !== null ? `cap ${formatGBP(view.cap)}` : 'no cap set'}
        </span>
      </summary>
      <CapBlock view={view} titled={false} />
    </details>
  );
}

export function SpendingCapPanel() {
  const snap = useSnapshot(spendingCaps);
  useEffect(() => {
    void loadSpendingCaps();
  }, []);
  useCapRefresh();
  // No live or announced auction: nothing to cap, so the panel stays out of the way.
  if (snap.loaded && snap.views.length === 0 && !snap.error) return null;
  return (
    <section className="spending-caps" aria-labelledby="spending-caps-title" aria-busy={!snap.loaded && !snap.error}>
      <div className="spending-caps__head">
        <h2 id="spending-caps-title" className="spending-caps__title">Spending cap</h2>
        <p className="muted">
          Set a limit for an auction. Your exposure there is the hammer prices of lots you have won plus your maximum
          bids on lots you lead; a bid that would take it over your cap is refused.
        </p>
      </div>
      {snap.error && <ErrorNote error={snap.error} onRetry={() => void loadSpendingCaps()} />}
      {!snap.loaded && !snap.error && (
        <div className="cap-block cap-block--loading" aria-hidden="true">
          <span className="skeleton-line" />
          <span className="skeleton-line skeleton-line--short" />
        </div>
      )}
      {snap.views.map((view) =>
        view.auction.status === 'next' ? <NextAuction key={String(view.auction.id)} view={view} /> : <CapBlock key={String(view.auction.id)} view={view} />,
      )}
    </section>
  );
}
