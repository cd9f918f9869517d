/**
 * One item of a sell request with what staff can do next: mark it received (a condition note and optional photos,
 * shown as thumbnails afterwards), consign it, or handle its unsold lot.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { Auction } from '../../../lib/types';
import { receiveItem, type SellItemView, type StaffSellRequest } from './api';
import { ConsignForm } from './consign-form';
import { ITEM_STATUS_LABELS } from './rules';
import { UnsoldActions } from './unsold-actions';
import { PhotoInput } from '../../../components/photo-input';
import { PhotoStrip } from '../../../components/auth-image';

export function ItemRow({ request, item, auctions, onChanged, onError }: {
  request: StaffSellRequest;
  item: SellItemView;
  auctions: Auction[];
  onChanged: (text: string) => void;
  onError: (e: unknown) => void;
}) {
  const [mode, setMode] = useState<'' | 'receive' | 'consign'>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const noteId = `note-${item.id}`;

  const receive = async () => {
    setBusy(true);
    try {
      await receiveItem(request.id, item.id, note.trim(), photos);
      setMode('');
      setPhotos([]);
      onChanged(`${item.title} received`);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="sell-item" aria-label={item.title}>
      <div className="sell-item__head">
        <strong>{item.title}</strong>
        {item.quantity > 1 && <span className="muted">× {item.quantity}</span>}
        <span className={`tag sell-item__status sell-item__status--${item.status}`}>{ITEM_STATUS_LABELS[item.status] ?? item.status}</span>
      </div>
      {item.condition_note && <p className="sell-item__note">Condition: {item.condition_note}</p>}
      {item.photos && item.photos.length > 0 && <PhotoStrip images={item.photos} title={item.title} />}

      {item.status === 'expected' && mode === '' && (
        <button type="button" className="button button--ghost button--small" onClick={() => setMode('receive')} aria-label={`Mark ${item.title} received`}>Mark received</button>
      )}
      {mode === 'receive' && (
        <div className="unsold-actions__form">
          <div className="field">
            <label htmlFor={noteId}>Condition note</label>
            <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Seal, fill level, label, box…" />
          </div>
          <PhotoInput photos={photos} onChange={setPhotos} subject={item.title} unit="item" testId={`receive-photos-${item.id}`} />
          <div className="consign-form__actions">
            <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => void receive()}>Mark received</button>
            <button type="button" className="button button--ghost button--small" onClick={() => setMode('')}>Cancel</button>
          </div>
        </div>
      )}

      {item.status === 'received' && mode === '' && (
        <button type="button" className="button button--primary button--small" onClick={() => setMode('consign')} aria-label={`Consign ${item.title}`}>Consign</button>
      )}
      {mode === 'consign' && (
        <ConsignForm
          requestId={request.id} item={item} auctions={auctions} defaultAuction={request.auction_id}
          onDone={() => { setMode(''); onChanged(`${item.title} consigned`); }} onCancel={() => setMode('')} onError={onError}
        />
      )}

      {item.status === 'consigned' && item.lot_id && (
        <UnsoldActions lotId={item.lot_id} title={item.title} auctions={auctions} onDone={onChanged} onError={onError} />
      )}
      {item.status === 'returned' && item.lot_id && <p className="muted"><Link href={`/product/${item.lot_id}`} className="text-link">Its lot</Link> · returned to the seller</p>}
    </li>
  );
}
