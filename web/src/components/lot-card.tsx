/** A lot in a grid: photo, reference, title, the bid panel's headline figure, a badge and the countdown. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { BID_STATE_LABELS, buyerOutcome, lotBidState, type BidState } from '../lib/bid-state';
import { effectiveEnd } from '../lib/lot-merge';
import { formatGBP } from '../lib/money';
import { lotSubtitle, lotTitle } from '../lib/normalize';
import { serverNow } from '../state/clock';
import { lotsStore } from '../state/lots';
import { Countdown } from './countdown';
import { LotImage } from './lot-image';
import { WatchButton } from './watch-button';

const BADGES: Partial<Record<BidState, string>> = {
  winning: 'Winning',
  reserve: 'Leading · reserve not met',
  notWinning: 'Outbid',
  reserveNotMet: 'Reserve not met',
  final: 'Closed',
  scheduled: 'Upcoming',
};

function LotCard({ id }: { id: string }) {
  const lot = useSnapshot(lotsStore).byId[id];
  if (!lot) return null;
  // Cards re-render on lot changes only; the countdown inside ticks on its own.
  const now = serverNow();
  const state = lotBidState(lot, now);
  const labels = BID_STATE_LABELS[state];
  const outcome = buyerOutcome(lot, now);
  const amount = state === 'final' ? (lot.hammer_price ?? lot.bid_stats?.current_bid) : lot.bid_stats?.current_bid;
  const href = `/product/${lot.id}`;
  // A closed lot the caller bid on says how it ended for them.
  const badge = outcome === 'won' ? 'Won' : outcome === 'lost' ? 'Lost' : BADGES[state];
  const badgeKind = outcome === 'won' || outcome === 'lost' ? outcome : state;
  return (
    <article className={`lot-card lot-card--${state}`}>
      <Link href={href} className="lot-card__media" tabIndex={-1} aria-hidden="true">
        <LotImage photo={lot.photos?.[0]} alt="" sizes="(max-width: 640px) 100vw, 300px" />
        {badge && <span className={`badge badge--${badgeKind}`}>{badge}</span>}
      </Link>
      <div className="lot-card__body">
        <p className="lot-card__ref">Lot {lot.reference_no || lot.id}</p>
        <h3 className="lot-card__title">
          <Link href={href}>{lotTitle(lot)}</Link>
        </h3>
        {lotSubtitle(lot) && <p className="lot-card__subtitle">{lotSubtitle(lot)}</p>}
        <div className="lot-card__foot">
          {labels.top ? (
            <p className="lot-card__price">
              <span className="lot-card__price-label">{labels.top}</span>
              <span className="lot-card__price-value">{formatGBP(amount, 'No bids yet')}</span>
            </p>
          ) : (
            <p className="lot-card__price">
              <span className="lot-card__price-label">Estimate</span>
              <span className="lot-card__price-value">{formatGBP(lot.item?.estimated_value, 'On request')}</span>
            </p>
          )}
          {state !== 'final' && state !== 'scheduled' && <Countdown end={effectiveEnd(lot)} compact />}
        </div>
      </div>
      <div className="lot-card__watch">
        <WatchButton lotId={lot.id} />
      </div>
    </article>
  );
}

export function LotGrid({ ids, label, featured, footer }: {
  ids: readonly string[]; label?: string; featured?: boolean;
  /** Something to do with a lot, under its card (the buyer's area's Pay now). */
  footer?: (id: string) => ReactNode;
}) {
  return (
    <ul className={`lot-grid${featured ? ' lot-grid--featured' : ''}`} aria-label={label}>
      {ids.map((id) => {
        const action = footer?.(id);
        return (
          <li key={id} className={action ? 'lot-grid__item--action' : undefined}>
            <LotCard id={id} />
            {action}
          </li>
        );
      })}
    </ul>
  );
}
