/**
 * Item Summary (not for wallet settle): the won lots this order pays for (GET /api/checkout/won_items/), every one
 * of them (spec: all the caller's won unpaid lots are in the order), with hammer price and buyer's premium.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { ErrorNote, Spinner } from '../../components/feedback';
import { LotImage } from '../../components/lot-image';
import { formatGBP } from '../../lib/money';
import { fetchWonItems } from './api';
import { checkout, setWon } from './checkout-store';
import type { WonItem } from './types';

/** Loads the won lots into the store (the summary and the page's empty state read them too). */
export function useWonItems(version: number): { error: Error | null; retry: () => void } {
  const [error, setError] = useState<Error | null>(null);
  const [nonce, setNonce] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: version (a new win) and nonce (retry) are the reload triggers
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    fetchWonItems(ctrl.signal).then(setWon, (e: Error) => !ctrl.signal.aborted && setError(e));
    return () => ctrl.abort();
  }, [version, nonce]);
  return { error, retry: () => setNonce((n) => n + 1) };
}

export function ItemSummary({ error, retry }: { error: Error | null; retry: () => void }) {
  const snap = useSnapshot(checkout);
  const won = snap.won as WonItem[] | null;
  const stored = snap.draft.lots_from_storage.length;
  if (error && !won) return <ErrorNote error={error} onRetry={retry} />;
  if (!won) return <Spinner label="Loading your lots" />;
  if (!won.length) {
    return (
      <div className="checkout-empty">
        <p><strong>You have no won lots to pay for.</strong></p>
        <p className="checkout-muted">
          {stored ? 'This order is for the stored items you included.' : <>Lots you win appear here. <Link href="/auction" className="text-link">Browse the live auction</Link></>}
        </p>
      </div>
    );
  }
  return (
    <ul className="checkout-items">
      {won.map(({ lot, price_paid, buyers_premium }) => (
        <li key={lot.id} className="checkout-item">
          <span className="checkout-lot__image"><LotImage photo={lot.photos?.[0]} alt="" /></span>
          <span className="checkout-lot__text">
            <Link href={`/product/${lot.id}${lot.slug ? `/${lot.slug}` : ''}`} className="checkout-lot__title">{lot.title}</Link>
            <span className="checkout-lot__meta">
              {lot.reference_no && <>Lot {lot.reference_no} · </>}Buyer's premium {formatGBP(buyers_premium)}{lot.vat_enabled ? ' · VAT on hammer' : ''}
            </span>
          </span>
          <span className="checkout-item__price">{formatGBP(price_paid)}</span>
        </li>
      ))}
    </ul>
  );
}
