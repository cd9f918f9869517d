/**
 * /account/dashboard: the caller's lots in the current auction and the most recently ended one (bid on or watched,
 * with counts by state and the amount), their collection's value, and the lots they opened last. Lots are the ordinary lot cards.
 */
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { fetchDashboard, fetchRecentlyViewed, type DashboardAuction } from '../api/account-area';
import { Empty, ErrorNote, GridSkeleton } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { LotGrid } from '../components/lot-card';
import { PageHead, RequireAuth } from '../components/page-head';
import { formatShortDate } from '../lib/dates';
import { formatGBP } from '../lib/money';
import { auctionName } from '../lib/normalize';
import { putLots } from '../state/lots';
import { session } from '../state/session';
import { DashboardCollection } from '../features/collection/dashboard-collection';

const COUNT_LABELS: [keyof DashboardAuction['counts'], string][] = [
  ['total', 'Lots'], ['winning', 'Winning'], ['outbid', 'Outbid'], ['won', 'Won'], ['lost', 'Lost'], ['watching', 'Watching'],
];

function AuctionBlock({ which, title, empty }: { which: 'current_auction' | 'most_recent_auction'; title: string; empty: string }) {
  const { status } = useSnapshot(session);
  const load = useAsync(async () => {
    const d = await fetchDashboard(which);
    return { ...d, ids: putLots(d.lots) };
  }, [which, status]);
  const d = load.data;
  const headingId = `dashboard-${which}`;
  return (
    <section className="dashboard__block" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {load.error ? (
        <ErrorNote error={load.error} onRetry={load.reload} />
      ) : !d ? (
        <GridSkeleton count={2} />
      ) : !d.auction || d.counts.total === 0 ? (
        <Empty title={empty}><Link href="/auction" className="text-link">Browse the live auction</Link></Empty>
      ) : (
        <>
          <p className="dashboard__auction">
            {auctionName(d.auction)}: {formatShortDate(d.auction.start_date)} to {formatShortDate(d.auction.end_date)}
          </p>
          <dl className="dashboard__counts" aria-label={`${title} counts`}>
            {COUNT_LABELS.map(([key, label]) => (
              <div key={key}><dt>{label}</dt><dd>{d.counts[key]}</dd></div>
            ))}
            <div><dt>Total</dt><dd>{formatGBP(d.total_amount)}</dd></div>
          </dl>
          <LotGrid ids={d.ids} label={title} />
        </>
      )}
    </section>
  );
}

function RecentlyViewed() {
  const { status } = useSnapshot(session);
  const load = useAsync(async () => putLots(await fetchRecentlyViewed()), [status]);
  return (
    <section className="dashboard__block" aria-labelledby="dashboard-recent">
      <h2 id="dashboard-recent">Recently viewed</h2>
      {load.error ? (
        <ErrorNote error={load.error} onRetry={load.reload} />
      ) : !load.data ? (
        <GridSkeleton count={2} />
      ) : load.data.length === 0 ? (
        <Empty title="Nothing viewed yet"><p>Lots you open appear here.</p></Empty>
      ) : (
        <LotGrid ids={load.data} label="Recently viewed" />
      )}
    </section>
  );
}

export function DashboardPage() {
  return (
    <>
      <PageHead title="Dashboard" eyebrow="My account">
        <p>Your lots in the current and the most recent auction, and the lots you looked at last.</p>
      </PageHead>
      <RequireAuth what="your dashboard">
        <div className="container section dashboard">
          <AuctionBlock which="current_auction" title="Current auction" empty="No lots of yours in the current auction" />
          <AuctionBlock which="most_recent_auction" title="Most recent auction" empty="No lots of yours in the last auction" />
          <DashboardCollection />
          <RecentlyViewed />
        </div>
      </RequireAuth>
    </>
  );
}
