/** Confirm a maximum bid, with what winning at that maximum would cost all in. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ModalFrame } from '../../components/modal-frame';
import { BID_ROLE_LABELS } from '../../lib/bid-state';
import { allInEstimate, formatPence, toPence } from '../../lib/money';
import { lotTitle } from '../../lib/normalize';
import { newIdempotencyKey } from '../../api/http';
import { submitBid } from './bidding';
import { lotsStore } from '../../state/lots';
import { closeModal, openModal } from '../../state/modals';

/** `summary`: after a registration-fee return the placed bid is summed up in BidSummary (spec 1 section 4). */
export function ConfirmBidModal({ lotId, bid, summary }: { lotId: string; bid: string; summary?: boolean }) {
  const lot = useSnapshot(lotsStore).byId[lotId];
  // One key per confirmation: a double click or a retry of the same bid is applied once.
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const amount = toPence(bid) ?? 0;
  const e = allInEstimate(amount, !!lot?.vat_enabled);

  const confirm = async () => {
    setBusy(true);
    const outcome = await submitBid(lotId, amount, key);
    setBusy(false);
    if (outcome === 'placed' && summary) openModal('bidSummary', { lotId, bid });
    else if (outcome === 'placed' || outcome === 'refused') closeModal();
  };

  return (
    <ModalFrame title="Confirm your bid">
      {lot && <p className="confirm-bid__lot">{lotTitle(lot)}</p>}
      <p className="confirm-bid__max">
        <span>{BID_ROLE_LABELS.buyer}</span>
        <strong>{formatPence(amount)}</strong>
      </p>
      <p className="field__hint">
        We bid on your behalf only as much as needed to keep you in the lead, up to this maximum. Bids are binding.
      </p>
      <table className="estimate">
        <caption>If you win at your maximum</caption>
        <tbody>
          <tr><th scope="row">Hammer price</th><td>{formatPence(e.hammer)}</td></tr>
          <tr><th scope="row">Buyer's premium (12.5%)</th><td>{formatPence(e.premium)}</td></tr>
          <tr><th scope="row">VAT on buyer's premium (20%)</th><td>{formatPence(e.premiumVat)}</td></tr>
          {lot?.vat_enabled && <tr><th scope="row">VAT on hammer price (20%)</th><td>{formatPence(e.hammerVat)}</td></tr>}
        </tbody>
        <tfoot>
          <tr><th scope="row">Estimated total</th><td>{formatPence(e.total)}</td></tr>
        </tfoot>
      </table>
      <p className="field__hint">Delivery or storage, insurance and card fees are added at checkout.</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={closeModal}>Cancel</button>
        <button type="button" className="button button--primary" data-autofocus onClick={confirm} disabled={busy || !lot}>
          {busy ? 'Placing bid…' : `Confirm bid of ${formatPence(amount)}`}
        </button>
      </div>
    </ModalFrame>
  );
}
