/** One auction's cap: the cap, the exposure so far against it, what counts, and the form. */
import { useId } from 'react';
import { Link } from 'wouter';
import { formatLongDate } from '../../lib/dates';
import { formatGBP, formatPence, toPence } from '../../lib/money';
import { auctionName } from '../../lib/normalize';
import type { DeepReadonly } from '../../lib/types';
import type { CapLot, SpendingCapView } from './api';
import { CapForm } from './cap-form';
import { meterShare, meterText } from './rules';

type View = DeepReadonly<SpendingCapView>;

function Meter({ exposure, cap }: { exposure: string; cap: string }) {
  const share = meterShare(exposure, cap);
  const max = (toPence(cap) ?? 0) / 100;
  return (
    <div
      className={`cap-meter${share >= 1 ? ' cap-meter--full' : share >= 0.8 ? ' cap-meter--near' : ''}`}
      role="meter"
      aria-label="Exposure against your cap"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(max, (toPence(exposure) ?? 0) / 100)}
      aria-valuetext={meterText(exposure, cap)}
    >
      <span className="cap-meter__fill" style={{ width: `${Math.round(share * 1000) / 10}%` }} />
    </div>
  );
}

const KIND: Record<CapLot['kind'], string> = { leading: 'Leading · your maximum', won: 'Won · hammer price' };

function CapLots({ lots }: { lots: View['lots'] }) {
  if (lots.length === 0) return <p className="cap-block__none muted">Nothing counts yet: lots you lead or win in this auction will show here.</p>;
  return (
    <ul className="cap-lots" aria-label="Lots that count">
      {lots.map((l) => (
        <li key={String(l.lot_id)} className="cap-lots__item">
          <span className="cap-lots__lot">
            <Link href={`/product/${l.lot_id}`} className="text-link">{l.title}</Link>
            <span className="cap-lots__kind">{KIND[l.kind] ?? l.kind}</span>
          </span>
          <span className="cap-lots__amount">{formatGBP(l.exposure)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Over by £50" when the cap was lowered below what already counts; the server's remaining otherwise. */
function remainingText(view: View): string {
  const over = (toPence(view.exposure) ?? 0) - (toPence(view.cap) ?? 0);
  return view.over_cap && over > 0 ? `Over by ${formatPence(over)}` : formatGBP(view.remaining, '£0');
}

/** `titled`: false inside a folded next auction, whose summary already names it. */
export function CapBlock({ view, titled = true }: { view: View; titled?: boolean }) {
  const headingId = useId();
  const { auction } = view;
  const hasCap = view.cap !== null;
  return (
    <section className={`cap-block${view.over_cap ? ' cap-block--over' : ''}`} aria-labelledby={headingId}>
      <div className={titled ? 'cap-block__head' : 'visually-hidden'}>
        <h3 id={headingId} className="cap-block__title">{auctionName(auction)}</h3>
        <p className="cap-block__when">
          {auction.status === 'live' ? (
            <><span className="live-dot" aria-hidden="true" /> Live, ends {formatLongDate(auction.end_date)}</>
          ) : auction.status === 'past' ? `Ended ${formatLongDate(auction.end_date)}` : `Opens ${formatLongDate(auction.start_date)}`}
        </p>
      </div>
      <dl className="cap-block__stats">
        <div className="cap-stat">
          <dt>Your cap</dt>
          <dd>{hasCap ? formatGBP(view.cap) : 'No cap set'}</dd>
        </div>
        <div className="cap-stat">
          <dt>Exposure so far</dt>
          <dd>{formatGBP(view.exposure, '£0')}</dd>
        </div>
        {hasCap && (
          <div className="cap-stat">
            <dt>Remaining</dt>
            <dd>{remainingText(view)}</dd>
          </div>
        )}
      </dl>
      {hasCap && <Meter exposure={view.exposure} cap={view.cap!} />}
      {view.over_cap && (
        <p className="notice notice--warning" role="status">
          Your exposure of {formatGBP(view.exposure)} is over your cap of {formatGBP(view.cap)}. New bids in this auction
          will be refused until your exposure falls below the cap (for example when you are outbid) or you raise it.
        </p>
      )}
      <CapLots lots={view.lots} />
      <CapForm auctionId={auction.id} cap={view.cap} />
    </section>
  );
}
