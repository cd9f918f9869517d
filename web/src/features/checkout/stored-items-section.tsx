/**
 * Include These Stored Items? (storage or delivery): the buyer's paid lots held in storage
 * (GET /api/checkout/items_from_storage/), shown 24 at a time, the next 24 added as the end of the list comes within
 * 200px of the screen; each with how much paid storage is left, and a warning under 10 days.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ErrorNote, Spinner } from '../../components/feedback';
import { LotImage } from '../../components/lot-image';
import { formatShortDate } from '../../lib/dates';
import { serverNow } from '../../state/clock';
import { RelistStoredAction } from './relist-stored';
import { fetchStoredItems } from './api';
import { checkout, setStored } from './checkout-store';
import { lowStorage, STORED_PAGE_SIZE, storageDaysLeft } from './page-rules';
import type { StoredItem } from './types';

function daysText(days: number | null): string {
  if (days === null) return '';
  if (days === 0) return 'Paid storage has ended';
  return `${days} ${days === 1 ? 'day' : 'days'} of storage left`;
}

function StoredRow({ item, checked, onToggle }: { item: StoredItem; checked: boolean; onToggle: (on: boolean) => void }) {
  const { lot } = item;
  const days = storageDaysLeft(lot.storage_expiration_date, serverNow());
  const low = lowStorage(days);
  return (
    <li className={`checkout-stored${checked ? ' is-chosen' : ''}`}>
      <label className="checkout-stored__label">
        <input type="checkbox" checked={checked} onChange={(e) => onToggle(e.target.checked)} />
        <span className="checkout-lot__image"><LotImage photo={lot.photos?.[0]} alt="" /></span>
        <span className="checkout-lot__text">
          <span className="checkout-lot__title">{lot.title}</span>
          {lot.reference_no && <span className="checkout-lot__meta">Lot {lot.reference_no}</span>}
          {lot.storage_expiration_date && (
            <span className="checkout-lot__meta">Stored until {formatShortDate(lot.storage_expiration_date)} · {daysText(days)}</span>
          )}
          {low && <span className="checkout-stored__warning">Low storage: {days === 0 ? 'the paid period has ended' : `only ${daysText(days)}`}.</span>}
        </span>
      </label>
    </li>
  );
}

export function StoredItemsSection() {
  const snap = useSnapshot(checkout);
  const [error, setError] = useState<Error | null>(null);
  const [shown, setShown] = useState(STORED_PAGE_SIZE);
  const [nonce, setNonce] = useState(0);
  const sentinel = useRef<HTMLLIElement>(null);
  const stored = snap.stored as StoredItem[] | null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the reload trigger
  useEffect(() => {
    const ctrl = new AbortController();
    setError(null);
    fetchStoredItems(ctrl.signal).then(setStored, (e: Error) => !ctrl.signal.aborted && setError(e));
    return () => ctrl.abort();
  }, [nonce]);

  const total = stored?.length ?? 0;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || shown >= total) return;
    // The next page is added before the end of the list scrolls into view (a 200px lookahead).
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => Math.min(total, n + STORED_PAGE_SIZE));
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [shown, total]);

  if (error && !stored) return <ErrorNote error={error} onRetry={() => setNonce((n) => n + 1)} />;
  if (!stored) return <Spinner label="Loading your stored items" />;

  const chosen = new Set(snap.draft.lots_from_storage);
  const toggle = (id: string, on: boolean) => {
    const ids = checkout.draft.lots_from_storage.filter((x) => x !== id);
    checkout.draft.lots_from_storage = on ? [...ids, id] : ids;
  };
  const allChosen = total > 0 && stored.every((s) => chosen.has(s.lot.id));
  return (
    <div className="checkout-stored-section">
      {snap.missingStored > 0 && (
        <p className="notice notice--warning" role="status">
          {snap.missingStored === 1 ? 'One of the items you picked is' : `${snap.missingStored} of the items you picked are`} not in storage any more and
          {snap.missingStored === 1 ? ' was' : ' were'} left out.
        </p>
      )}
      {total === 0 ? (
        <p className="checkout-muted">You have no items in our storage.</p>
      ) : (
        <>
          <div className="checkout-stored-section__head">
            <span>{chosen.size} of {total} included</span>
            <button type="button" className="link-button" onClick={() => {
              checkout.draft.lots_from_storage = allChosen ? [] : stored.map((s) => s.lot.id);
            }}>{allChosen ? 'Include none' : 'Include all'}</button>
            <RelistStoredAction lotIds={[...chosen]} onDone={() => setNonce((n) => n + 1)} />
          </div>
          <ul className="checkout-stored-list">
            {stored.slice(0, shown).map((item) => (
              <StoredRow key={item.lot.id} item={item} checked={chosen.has(item.lot.id)} onToggle={(on) => toggle(item.lot.id, on)} />
            ))}
            {shown < total && <li ref={sentinel} className="checkout-stored-list__more" aria-hidden="true" />}
          </ul>
        </>
      )}
    </div>
  );
}
