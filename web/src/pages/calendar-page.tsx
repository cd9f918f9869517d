/**
 * /calendar: the live auction, the coming ones and this year's past ones. How long an auction runs is read from
 * these auctions' own dates (features/content/house-copy.ts), never written down.
 */
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { fetchAllAuctions, fetchAuctions } from '../api/site';
import { Empty, ErrorNote, Spinner } from '../components/feedback';
import { useAsync } from '../components/hooks';
import { PageHead } from '../components/page-head';
import { formatDateTime, formatLongDate } from '../lib/dates';
import { auctionName } from '../lib/normalize';
import type { Auction } from '../lib/types';
import { daysText, typicalAuctionDays } from '../features/content/house-copy';
import { auctions } from '../state/auctions';

function AuctionRows({ list }: { list: readonly Auction[] }) {
  return (
    <ol className="auction-list">
      {list.map((a) => (
        <li key={a.id} className="auction-list__item">
          <span className="auction-list__name">{auctionName(a)}</span>
          <span>Opens {formatDateTime(a.start_date)}</span>
          <span>Closes {formatDateTime(a.end_date)}</span>
          {a.bottles_add_deadline && <span className="muted">Consign by {formatLongDate(a.bottles_add_deadline)}</span>}
        </li>
      ))}
    </ol>
  );
}

export function CalendarPage() {
  const { live } = useSnapshot(auctions);
  const next = useAsync(() => fetchAuctions('next', 25), []);
  const year = new Date().getFullYear();
  const past = useAsync(() => fetchAllAuctions({ year }), [year]);
  const now = Date.now();
  const ended = (past.data ?? []).filter((a) => Date.parse(a.end_date) < now);
  const days = next.data || past.data ? typicalAuctionDays([...(live ? [live] : []), ...(next.data ?? []), ...(past.data ?? [])]) : null;
  return (
    <>
      <PageHead title="Auction Calendar" eyebrow="Dates">
        <p>
          Our auctions are held online{days ? <>; each runs for <span data-testid="auction-days">{daysText(days)}</span></> : ''} and
          closes lot by lot.
        </p>
      </PageHead>
      <div className="container section stack">
        {live && (
          <section>
            <h2>Live now</h2>
            <AuctionRows list={[live]} />
            <Link href="/auction" className="button button--gold">View the live auction</Link>
          </section>
        )}
        <section>
          <h2>Coming up</h2>
          {next.error ? <ErrorNote error={next.error} onRetry={next.reload} /> : !next.data ? <Spinner /> : next.data.length ? <AuctionRows list={next.data} /> : <Empty title="No dates announced yet" />}
        </section>
        <section>
          <h2>Earlier in {year}</h2>
          {!past.data ? null : ended.length ? <AuctionRows list={ended} /> : <p className="muted">No auctions have ended this year yet.</p>}
          <Link href="/past-auction" className="text-link">Browse past results</Link>
        </section>
      </div>
    </>
  );
}
