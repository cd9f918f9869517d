/**
 * "Relist in the next auction" for bottles the user bought and holds in our storage: asks first (naming the auction,
 * the first coming one still taking bottles), then POST /api/sell_request/?type=from_storage and shows the lots now
 * scheduled. `onDone` reloads the stored list (the relisted lots have left storage).
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { ModalFrame } from '../../components/modal-frame';
import { auctionName } from '../../lib/normalize';
import type { Auction } from '../../lib/types';
import { dialogText } from '../../lib/wallet-rules';
import { fetchOpenAuctions } from '../../api/site';
import { relistFromStorage, type RelistAnswer } from './api';

type Step = { kind: 'idle' } | { kind: 'confirm'; auction: Auction | null } | { kind: 'done'; answer: RelistAnswer; auction: Auction };

export function RelistStoredAction({ lotIds, onDone }: { lotIds: readonly string[]; onDone: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const count = lotIds.length;

  const open = async () => {
    setError('');
    setBusy(true);
    try {
      const [next] = await fetchOpenAuctions();
      setStep({ kind: 'confirm', auction: next ?? null });
    } catch (e) {
      setStep({ kind: 'confirm', auction: null });
      setError(dialogText(e) ?? 'Server Error');
    } finally {
      setBusy(false);
    }
  };

  const relist = async (auction: Auction) => {
    setBusy(true);
    setError('');
    try {
      const answer = await relistFromStorage([...lotIds], String(auction.id));
      setStep({ kind: 'done', answer, auction });
    } catch (e) {
      setError(dialogText(e) ?? 'Server Error');
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    const done = step.kind === 'done';
    setStep({ kind: 'idle' });
    setError('');
    if (done) onDone();
  };

  const what = count === 1 ? 'the chosen item' : `the ${count} chosen items`;
  return (
    <>
      <button type="button" className="link-button" disabled={count === 0 || busy} onClick={() => void open()}
        title={count === 0 ? 'Tick the stored items to relist first' : undefined}>
        Relist in the next auction{count ? ` (${count})` : ''}
      </button>
      {step.kind === 'confirm' && (
        <ModalFrame title="Relist in the next auction?" onClose={close}>
          {step.auction ? (
            <p>We list {what} in {auctionName(step.auction)} as your own lots. They leave our storage for the sale; our seller's fees apply when they sell.</p>
          ) : (
            !error && <p>No coming auction is taking items just now. Please try again later.</p>
          )}
          {error && <p className="form-error" role="alert">{error}</p>}
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={close} disabled={busy}>Cancel</button>
            {step.auction && (
              <button type="button" className="button button--primary" disabled={busy} onClick={() => void relist(step.auction!)}>
                {busy ? 'Relisting…' : 'Relist'}
              </button>
            )}
          </div>
        </ModalFrame>
      )}
      {step.kind === 'done' && (
        <ModalFrame title="Relisted" onClose={close}>
          <p>Request <strong>{step.answer.reference}</strong>: these lots are now scheduled in {auctionName(step.auction)}.</p>
          <ul>{step.answer.lots.map((l) => <li key={l.lot_id}>{l.title}</li>)}</ul>
          <div className="modal__actions">
            <Link href="/account/sellers-area" className="button button--ghost" onClick={close}>See them in the seller's area</Link>
            <button type="button" className="button button--primary" onClick={close}>OK</button>
          </div>
        </ModalFrame>
      )}
    </>
  );
}
