/**
 * One of the seller's sell requests: reference, way, target auction, status and date, the request's PDF again for new
 * items (a relist from storage has none), then each item with its status, the staff's condition note and the photos
 * taken on receipt (private: fetched with the token by the valuation feature's PhotoStrip), and the lot once consigned.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { formatLongDate } from '../../../lib/dates';
import type { Auction } from '../../../lib/types';
import { PhotoStrip } from '../../../components/auth-image';
import { downloadSellRequestPdf, type SellRequest, type SellRequestItem } from './sell-requests-api';
import { StatementButton } from './statement-button';
import { itemStatusText, requestStatusText, targetAuctionText, wayText } from './sell-request-rules';

function ItemRow({ item }: { item: SellRequestItem }) {
  const photos = item.photos ?? [];
  return (
    <li className="sell-req-item" aria-label={item.title} data-testid="my-sell-request-item">
      <div className="sell-req-item__head">
        <span className="sell-req-item__title">{item.title}{item.quantity > 1 ? ` × ${item.quantity}` : ''}</span>
        <span className={`sell-req-status sell-req-status--${item.status}`}>{itemStatusText(item.status)}</span>
      </div>
      {item.condition_note && <p className="sell-req-item__note"><span className="muted">Condition: </span>{item.condition_note}</p>}
      {photos.length > 0 && <PhotoStrip images={photos} title={item.title} />}
      {item.lot_id && <Link href={`/product/${item.lot_id}`} className="text-link">See the lot</Link>}
    </li>
  );
}

export function SellRequestCard({ request, auctions, onError }: { request: SellRequest; auctions: readonly Auction[]; onError: (e: unknown) => void }) {
  const headingId = useId();
  return (
    <article className="sell-req" aria-labelledby={headingId} data-testid="my-sell-request">
      <div className="sell-req__head">
        <h3 id={headingId}>{request.reference}</h3>
        <span className={`sell-req-status sell-req-status--${request.status}`}>{requestStatusText(request.status)}</span>
      </div>
      <dl className="seller-lot__facts sell-req__facts">
        <div><dt>Way</dt><dd>{wayText(request)}</dd></div>
        <div><dt>Auction</dt><dd>{targetAuctionText(request.auction_id, auctions)}</dd></div>
        <div><dt>Filed</dt><dd>{formatLongDate(request.created_at)}</dd></div>
      </dl>
      {request.kind === 'new_items' && (
        <div className="sell-req__actions">
          <StatementButton label="Download PDF" ariaLabel={`Download PDF of ${request.reference}`} download={() => downloadSellRequestPdf(request)} onError={onError} />
        </div>
      )}
      <ul className="sell-req__items" aria-label={`Items of ${request.reference}`}>
        {request.items.map((item) => <ItemRow key={item.id} item={item} />)}
      </ul>
    </article>
  );
}
