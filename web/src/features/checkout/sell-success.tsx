/**
 * /checkout-success?flow_type=sell-request: the request is filed. For a signed-in seller, the newest request
 * (GET /api/sell_requests/) with its reference and items; the way on to the seller's area or another request.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { useAsync } from '../../components/hooks';
import { PageHead } from '../../components/page-head';
import { formatLongDate } from '../../lib/dates';
import { session } from '../../state/session';
import { fetchLatestSellRequest } from './api';

export function SellRequestSuccess() {
  const { status } = useSnapshot(session);
  const latest = useAsync((signal) => (status === 'signed-in' ? fetchLatestSellRequest(signal) : Promise.resolve(null)), [status]);
  const r = latest.data ?? null;
  return (
    <>
      <PageHead title="Sell request received" eyebrow="Selling" />
      <div className="container section narrow prose" role="region" aria-label="Sell request received">
        {r ? (
          <>
            <p className="lead-text">Your sell request <strong>{r.reference}</strong> is received.</p>
            <ul>
              {r.items.map((i) => <li key={i.id}>{i.title}{i.quantity > 1 ? ` × ${i.quantity}` : ''}</li>)}
            </ul>
            {r.pick_up_date && <p>Our courier collects your {r.boxes === 1 ? 'box' : `${r.boxes ?? ''} boxes`} on {formatLongDate(`${r.pick_up_date}T12:00:00Z`)}.</p>}
          </>
        ) : (
          <p className="lead-text">Your sell request is received.</p>
        )}
        <p>We email you when your items arrive, when they are catalogued and when they are listed. Write your reference on every box you send.</p>
        <div className="hero__actions">
          <Link href="/account/sellers-area" className="button button--primary">Go to the seller's area</Link>
          <Link href="/selling" className="button button--ghost">Sell more items</Link>
        </div>
      </div>
    </>
  );
}
