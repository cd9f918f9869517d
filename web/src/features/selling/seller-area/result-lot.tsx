/** One lot of the seller's results: a sold lot with its hammer, fees, net proceeds and payment status; or unsold. */
import { Link } from 'wouter';
import { formatGBP } from '../../../lib/money';
import { lotTitle } from '../../../lib/normalize';
import type { SellerLot } from './api';
import { paymentStatusText } from './rules';

export function ResultLot({ lot }: { lot: SellerLot }) {
  const title = lotTitle(lot);
  const c = lot.seller_costs;
  const status = paymentStatusText(lot);
  return (
    <li className="seller-lot" aria-label={title}>
      <div className="seller-lot__head">
        <Link href={`/product/${lot.id}`} className="seller-lot__title">{title}</Link>
        {lot.reference_no && <span className="muted">Lot {lot.reference_no}</span>}
      </div>
      {c ? (
        <>
          <dl className="seller-lot__facts seller-lot__costs">
            <div><dt>Hammer price</dt><dd>{formatGBP(c.hammer)}</dd></div>
            <div><dt>Commission</dt><dd>{formatGBP(c.commission)}</dd></div>
            <div><dt>Listing fee</dt><dd>{formatGBP(c.listing_fee)}</dd></div>
            <div><dt>Reserve fee</dt><dd>{formatGBP(c.reserve_fee)}</dd></div>
            <div className="seller-lot__net"><dt>Net proceeds</dt><dd>{formatGBP(c.net_proceeds)}</dd></div>
          </dl>
          {status && (
            <p className={`seller-pay seller-pay--${lot.payment_status === 'paid_to_wallet' ? 'paid' : 'awaiting'}`}>{status}</p>
          )}
        </>
      ) : (
        <dl className="seller-lot__facts">
          <div><dt>Outcome</dt><dd>Not sold</dd></div>
          <div><dt>Highest bid</dt><dd>{formatGBP(lot.bid_stats?.current_bid, 'No bids')}</dd></div>
          <div><dt>Reserve price</dt><dd>{lot.reserve_price ? formatGBP(lot.reserve_price) : 'No reserve'}</dd></div>
        </dl>
      )}
    </li>
  );
}
