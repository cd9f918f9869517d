/**
 * The UnpaidLots modal (spec 1 section 4): the lots the buyer has won and not paid for, with a way to the checkout.
 * Shown once: the notice is flagged read on the server as soon as it is on screen, however it is then closed.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { ModalFrame } from '../../components/modal-frame';
import { closeModal } from '../../state/modals';
import { markUnpaidLotsRead, type UnpaidLotsNotice } from './api';
import './unpaid-lots.css';

type Props = Pick<UnpaidLotsNotice, 'lots' | 'count'>;

export function UnpaidLotsModal({ lots = [], count = lots.length }: Partial<Props>) {
  useEffect(() => {
    markUnpaidLotsRead().catch((e) => console.warn('Could not flag the unpaid-lots notice read', e));
  }, []);
  const n = Math.max(count, lots.length);
  return (
    <ModalFrame title="Lots waiting for payment">
      <p className="lead-text">
        {n === 1 ? 'You have won a lot that is not paid for yet.' : `You have won ${n} lots that are not paid for yet.`}
      </p>
      <p className="field__hint">Payment is due 7 days after the auction ends; after that a late payment fee of 5% is added.</p>
      {lots.length > 0 && (
        <ul className="unpaid-lots__list" aria-label="Unpaid lots">
          {lots.map((l) => (
            <li key={l.id}>
              <span className="unpaid-lots__ref">{l.reference_no ? `Lot ${l.reference_no}` : 'Lot'}</span>
              <span>{l.title}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={closeModal}>Later</button>
        <Link href="/checkout" className="button button--primary" data-autofocus onClick={closeModal}>Go to checkout</Link>
      </div>
    </ModalFrame>
  );
}
