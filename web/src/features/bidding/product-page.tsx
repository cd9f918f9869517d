/** /product/{id}: photos, title and particulars, the bid panel, bid history, price history and related lots. */
import { memo } from 'react';
import { Link, useParams } from 'wouter';
import { useSnapshot } from 'valtio';
import { fetchLot } from '../../api/lots';
import { fetchPeopleAlsoBidOn, fetchSimilarLots } from './api';
import { BidHistory } from './bid-history';
import { BidPanel } from './bid-panel';
import { ErrorNote, FullScreenLoader } from '../../components/feedback';
import { useAsync, useTitle } from '../../components/hooks';
import { LotDetails } from './lot-details';
import { LotNoteBox } from './lot-note';
import { LotGallery } from './lot-gallery';
import { PriceHistoryChart } from './price-history-chart';
import { PriceLogSection } from './price-log';
import { RelatedSections } from './related-lots';
import { WatchButton } from '../../components/watch-button';
import { lotSubtitle, lotTitle } from '../../lib/normalize';
import { lotsStore, putLot } from '../../state/lots';
import { session } from '../../state/session';

export function ProductPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { status } = useSnapshot(session);
  // Reloaded on sign-in / sign-out so the caller's own bid and watch state are right.
  const load = useAsync(async () => putLot(await fetchLot(id)).id, [id, status]);
  const lot = useSnapshot(lotsStore).byId[id];
  useTitle(lot ? lotTitle(lot) : 'Lot');

  if (!id) return <div className="container section"><ErrorNote error="This lot does not exist." /></div>;
  if (!lot) {
    if (load.error) {
      return (
        <div className="container section">
          <h1>Lot not available</h1>
          <ErrorNote error={load.error} onRetry={load.reload} />
          <p><Link href="/auction" className="text-link">Back to the auction</Link></p>
        </div>
      );
    }
    return <FullScreenLoader />;
  }

  return <LotView lotId={lot.id} />;
}

/**
 * The page itself, apart from its loading: the read's state going by and the session becoming known re-render
 * ProductPage, not this (memo on the id); it follows the lot in the store on its own (issue #19, fewer renders while
 * the lot page loads).
 */
const LotView = memo(function LotView({ lotId }: { lotId: string }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  if (!lot) return null;
  const title = lotTitle(lot);
  const live = lot.status !== 'sold' && lot.status !== 'unsold' && !lot.finished;
  return (
    <article className="product">
      <div className="container">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <ol>
            <li><Link href="/">Home</Link></li>
            <li><Link href={live ? '/auction' : '/past-auction'}>{live ? 'Live Auction' : 'Past Auctions'}</Link></li>
            <li aria-current="page">Lot {lot.reference_no || lot.id}</li>
          </ol>
        </nav>
        <div className="product__top">
          <LotGallery photos={lot.photos ?? []} title={title} />
          <div className="product__summary">
            <p className="eyebrow">Lot {lot.reference_no || lot.id}</p>
            <h1 className="product__title">{title}</h1>
            {lotSubtitle(lot) && <p className="product__subtitle">{lotSubtitle(lot)}</p>}
            <div className="product__watch"><WatchButton lotId={lot.id} withText /></div>
            <BidPanel lotId={lot.id} />
            <LotNoteBox lotId={lot.id} />
          </div>
        </div>
        <div className="product__more">
          <LotDetails lot={lot} />
          <div className="product__side">
            <BidHistory lotId={lot.id} currentBid={lot.bid_stats?.current_bid} version={`${lot.bid_stats?.current_bid}|${lot.bid_stats?.current_user_bid}|${lot.bid_count}`} />
            <PriceHistoryChart lotId={lot.id} />
            <PriceLogSection lotId={lot.id} version={`${lot.bid_stats?.current_bid}|${lot.bid_count}|${lot.status}|${lot.reserve_met}`} />
          </div>
        </div>
      </div>
      <RelatedSections lotId={lot.id} sections={RELATED} />
    </article>
  );
});

const RELATED = [
  { title: 'Similar lots', load: fetchSimilarLots },
  { title: 'People also bid on', load: fetchPeopleAlsoBidOn },
];
