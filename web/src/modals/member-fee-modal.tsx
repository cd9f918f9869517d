/** The one-off £5 registration fee asked for before a first bid (opened after email verification too). */
import { useState } from 'react';
import { startRegistrationFee } from '../api/auth';
import { continuePayment } from '../api/payment';
import { FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { SITE } from '../lib/site';
import { closeModal, openModal, queueModal } from '../state/modals';
import { session } from '../state/session';

interface Props {
  afterVerify?: boolean;
  error?: string;
  lotId?: number | string | null;
  bid?: string | null;
}

export function MemberFeeModal({ afterVerify, error: initialError, lotId, bid }: Props) {
  const [error, setError] = useState(initialError ?? '');
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    setBusy(true);
    setError('');
    try {
      const query: Record<string, string | number> = {};
      if (lotId) query.lot = lotId;
      if (bid) query.bid = bid;
      const outcome = continuePayment(await startRegistrationFee(query));
      if (outcome.kind === 'done') {
        if (outcome.data.registration_fee_status === true || outcome.data.status === 'paid') {
          if (session.user) session.user.registration_fee_status = true;
          openModal('authSuccess', { title: 'Registration complete', message: 'Thank you, your registration fee has been paid. You can now bid.' });
          if (lotId && bid) queueModal('confirmBid', { lotId: String(lotId), bid });
        } else {
          setError(typeof outcome.data.detail === 'string' ? outcome.data.detail : 'The payment could not be started. Please try again.');
        }
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title="Registration fee">
      {afterVerify && <p className="form-success" role="status">Your email is verified and you are signed in. Welcome!</p>}
      <p className="lead-text">
        Before your first bid we ask for a one-off registration fee of <strong>{SITE.registrationFee}</strong>, paid by card.
      </p>
      <ul className="ticks">
        <li>It is charged once, never again, whatever you bid or win.</li>
        <li>It confirms your card and identity, which keeps our auctions free of idle bids.</li>
        <li>You can browse, watch lots and follow auctions live without paying it.</li>
      </ul>
      <FormMessage error={error} />
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={closeModal}>Later</button>
        <button type="button" className="button button--primary" data-autofocus onClick={pay} disabled={busy}>
          {busy ? 'Starting payment…' : `Pay ${SITE.registrationFee} now`}
        </button>
      </div>
    </ModalFrame>
  );
}
