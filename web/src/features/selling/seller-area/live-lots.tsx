/**
 * The seller's live lots split by reserve met / not met, and the scheduled ones. The lists hold ids read from
 * lotsStore, so the live channel's updates show here, and a lot whose reserve state changes (the seller's reserve
 * change or a bid) moves across at once, on top.
 */
import { useEffect, useId } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { ErrorNote, GridSkeleton } from '../../../components/feedback';
import { formatDateTime } from '../../../lib/dates';
import { effectiveEnd } from '../../../lib/lot-merge';
import { formatGBP } from '../../../lib/money';
import { lotTitle } from '../../../lib/normalize';
import { lotsStore } from '../../../state/lots';
import { ReserveForm } from './reserve-form';
import { loadSellerLive, reconcileReserve, sellerLive } from './seller-store';

function LiveLotRow({ id, scheduled, onError }: { id: string; scheduled?: boolean; onError: (e: unknown) => void }) {
  const lot = useSnapshot(lotsStore).byId[id];
  if (!lot) return null;
  const title = lotTitle(lot);
  const bids = lot.bid_count ?? 0;
  return (
    <li className="seller-lot" aria-label={title}>
      <div className="seller-lot__head">
        <Link href={`/product/${lot.id}`} className="seller-lot__title">{title}</Link>
        {lot.reference_no && <span className="muted">Lot {lot.reference_no}</span>}
      </div>
      <dl className="seller-lot__facts">
        {scheduled ? (
          <div><dt>Bidding opens</dt><dd>{formatDateTime(lot.start_date)}</dd></div>
        ) : (
          <>
            <div><dt>Current bid</dt><dd>{formatGBP(lot.bid_stats?.current_bid, 'No bids yet')}</dd></div>
            <div><dt>Bids</dt><dd>{bids}</dd></div>
            <div><dt>Ends</dt><dd>{formatDateTime(effectiveEnd(lot))}</dd></div>
          </>
        )}
        <div><dt>Reserve price</dt><dd>{lot.reserve_price ? formatGBP(lot.reserve_price) : 'No reserve'}</dd></div>
      </dl>
      {(scheduled || lot.on_bidding) && <ReserveForm lotId={lot.id} current={lot.reserve_price} title={title} onError={onError} />}
    </li>
  );
}

function LotList({ title, ids, empty, scheduled, onError }: { title: string; ids: readonly string[]; empty: string; scheduled?: boolean; onError: (e: unknown) => void }) {
  const headingId = useId();
  return (
    <section className="seller-list" aria-labelledby={headingId}>
      <h3 id={headingId}>{title} <span className="count">{ids.length}</span></h3>
      {ids.length === 0 ? <p className="muted">{empty}</p> : (
        <ul className="seller-lots">
          {ids.map((id) => <LiveLotRow key={id} id={id} scheduled={scheduled} onError={onError} />)}
        </ul>
      )}
    </section>
  );
}

export function LiveLots({ onError }: { onError: (e: unknown) => void }) {
  const snap = useSnapshot(sellerLive);
  const lots = useSnapshot(lotsStore);
  useEffect(() => {
    void loadSellerLive();
  }, []);
  // A live update may flip a listed lot's reserve_met: move it to the list it now belongs to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every live lot update (lots.byId), which reconcileReserve reads from the store
  useEffect(() => {
    reconcileReserve();
  }, [lots.byId]);
  useEffect(() => {
    if (snap.error) onError(new Error(snap.error));
  }, [snap.error, onError]);
  if (snap.error) return <ErrorNote error={snap.error} onRetry={() => void loadSellerLive()} />;
  if (!snap.loaded) return <GridSkeleton count={3} />;
  return (
    <div className="seller-live">
      <LotList title="Live · reserve met" ids={snap.met} empty="None at the moment." onError={onError} />
      <LotList title="Live · reserve not met" ids={snap.notMet} empty="None at the moment." onError={onError} />
      <LotList title="Scheduled" ids={snap.scheduled} empty="No lots waiting for the next auction." scheduled onError={onError} />
    </div>
  );
}
