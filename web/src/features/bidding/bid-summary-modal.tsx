/**
 * The bid placed after a registration-fee return (spec 1 section 4: AuthSuccess, ConfirmBid, BidSummary): the
 * server's answer and where the lot stands now, live (the lot is kept in the lots store).
 */
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { ModalFrame } from '../../components/modal-frame';
import { BID_ROLE_LABELS } from '../../lib/bid-state';
import { formatGBP, formatPence, toPence } from '../../lib/money';
import { lotTitle } from '../../lib/normalize';
import { lotsStore } from '../../state/lots';
import { closeModal } from '../../state/modals';

export function BidSummaryModal({ lotId, bid }: { lotId: string; bid: string }) {
  const snap = useSnapshot(lotsStore);
  const lot = snap.byId[lotId];
  const notice = snap.notices[lotId];
  const [path] = useLocation();
  const onLotPage = path.startsWith(`/product/${lotId}`);
  const winning = !!lot?.bid_stats?.is_winning;
  return (
    <ModalFrame title="Your bid is in">
      {lot && <p className="confirm-bid__lot">{lotTitle(lot)}</p>}
      {notice && <p className={`notice notice--${notice.kind}`} role="status">{notice.text}</p>}
      <table className="estimate">
        <tbody>
          <tr><th scope="row">{BID_ROLE_LABELS.buyer}</th><td>{formatPence(toPence(bid) ?? 0)}</td></tr>
          <tr><th scope="row">Current Bid</th><td>{formatGBP(lot?.bid_stats?.current_bid, 'No bids yet')}</td></tr>
          <tr><th scope="row">Status</th><td>{winning ? 'Highest bidder' : 'Outbid'}</td></tr>
        </tbody>
      </table>
      <p className="field__hint">We bid for you up to your maximum, and tell you at once if you are outbid.</p>
      <div className="modal__actions">
        {!onLotPage && <Link href={`/product/${lotId}`} className="button button--ghost" onClick={closeModal}>View lot</Link>}
        <button type="button" className="button button--primary" data-autofocus onClick={closeModal}>Done</button>
      </div>
    </ModalFrame>
  );
}
