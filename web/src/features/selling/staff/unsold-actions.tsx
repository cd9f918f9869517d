/** A consigned item's lot: once it closed unsold, staff relist it into a next auction or return it to the seller. */
import { useState } from 'react';
import { Link } from 'wouter';
import { SelectField } from '../../../components/field';
import { useAsync } from '../../../components/hooks';
import { auctionName } from '../../../lib/normalize';
import type { Auction } from '../../../lib/types';
import { fetchLot, relistLot, returnLot } from './api';

export function UnsoldActions({ lotId, title, auctions, onDone, onError }: {
  lotId: string;
  title: string;
  auctions: Auction[];
  onDone: (text: string) => void;
  onError: (e: unknown) => void;
}) {
  const lot = useAsync((signal) => fetchLot(lotId, signal), [lotId]);
  const [mode, setMode] = useState<'' | 'relist' | 'return'>('');
  const [auction, setAuction] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const status = lot.data?.status;
  const link = <Link href={`/product/${lotId}`} className="text-link">Lot{lot.data?.reference_no ? ` ${lot.data.reference_no}` : ''}</Link>;
  if (status !== 'unsold') return <p className="muted">{link}{status ? ` · ${status === 'sold' ? 'Sold' : status === 'live' ? 'Live' : 'Scheduled'}` : ''}</p>;

  const run = async (action: () => Promise<unknown>, text: string) => {
    setBusy(true);
    try {
      await action();
      onDone(text);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="unsold-actions">
      <p className="muted">{link} · Not sold</p>
      {mode === '' && (
        <div className="consign-form__actions">
          <button type="button" className="button button--ghost button--small" onClick={() => setMode('relist')} aria-label={`Relist ${title}`}>Relist</button>
          <button type="button" className="button button--ghost button--small" onClick={() => setMode('return')} aria-label={`Return ${title}`}>Return</button>
        </div>
      )}
      {mode === 'relist' && (
        <div className="unsold-actions__form">
          <SelectField label="Next auction" value={auction} onValue={setAuction}
            options={[{ value: '', label: 'Choose an auction' }, ...auctions.map((a) => ({ value: String(a.id), label: auctionName(a) }))]} />
          <div className="consign-form__actions">
            <button type="button" className="button button--primary button--small" disabled={busy || !auction}
              onClick={() => void run(() => relistLot(lotId, auction), `${title} relisted`)}>Relist into this auction</button>
            <button type="button" className="button button--ghost button--small" onClick={() => setMode('')}>Cancel</button>
          </div>
        </div>
      )}
      {mode === 'return' && (
        <div className="unsold-actions__form">
          <div className="field">
            <label htmlFor={`return-${lotId}`}>Return note</label>
            <textarea id={`return-${lotId}`} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <div className="consign-form__actions">
            <button type="button" className="button button--primary button--small" disabled={busy}
              onClick={() => void run(() => returnLot(lotId, note), `${title} to be returned`)}>Return to the seller</button>
            <button type="button" className="button button--ghost button--small" onClick={() => setMode('')}>Cancel</button>
          </div>
        </div>
      )}
    </div>
  );
}
