/**
 * The one-off £5 registration fee asked for before a first bid (also opened after email verification, and when a
 * bid is refused for it). Card payment arrives later; until then the house records the fee by hand (the staff
 * screen), so this modal says so plainly and lets the bidder check whether it has been confirmed.
 */
import { useState } from 'react';
import { ModalFrame } from '../components/modal-frame';
import { SITE } from '../lib/site';
import { closeModal, openModal, queueModal } from '../state/modals';
import { loadUser } from '../state/session';

interface Props {
  afterVerify?: boolean;
  /** Why the modal opened: the server's refusal of a bid, or a failed payment return. */
  error?: string;
  lotId?: number | string | null;
  bid?: string | null;
}

export const FEE_NOT_YET = 'We have not confirmed your registration fee yet. We will as soon as we have received it.';

export function MemberFeeModal({ afterVerify, error, lotId, bid }: Props) {
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState('');

  const checkAgain = async () => {
    setChecking(true);
    setStatus('');
    const user = await loadUser();
    setChecking(false);
    if (!user?.registration_fee_status) return setStatus(FEE_NOT_YET);
    openModal('authSuccess', { title: 'Registration complete', message: 'Your registration fee is confirmed. You can now bid.' });
    if (lotId && bid) queueModal('confirmBid', { lotId: String(lotId), bid });
  };

  return (
    <ModalFrame title="Registration fee">
      {afterVerify && <p className="form-success" role="status">Your email is verified and you are signed in. Welcome!</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <p className="lead-text">
        Before your first bid we ask for a one-off registration fee of <strong>{SITE.registrationFee}</strong>.
      </p>
      <ul className="ticks">
        <li>It is charged once, never again, whatever you bid or win.</li>
        <li>It confirms who you are, which keeps our auctions free of idle bids.</li>
        <li>You can browse, watch lots and follow auctions live without it.</li>
      </ul>
      <div className="fee-note">
        <p>
          <strong>Paying the fee.</strong> Card payment on the site opens soon. Until then the house takes the fee by bank
          transfer or at our office and confirms it on your account, usually within one working day. Contact us at{' '}
          <a href={`mailto:${SITE.email}?subject=Registration%20fee`}>{SITE.email}</a> or{' '}
          <a href={`tel:${SITE.phone.replace(/\s+/g, '')}`}>{SITE.phone}</a>.
        </p>
      </div>
      {status && <p className="notice notice--info" role="status">{status}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={closeModal}>Not now</button>
        <button type="button" className="button button--primary" data-autofocus onClick={checkAgain} disabled={checking}>
          {checking ? 'Checking…' : 'Check my fee status'}
        </button>
      </div>
    </ModalFrame>
  );
}
