/**
 * A yes/no question (the notification toggle asks before it changes the list) or, without onConfirm, a notice with
 * OK (the lot note's confirmation after saving). onConfirm's failure is shown in the modal, which then stays open.
 */
import { useState } from 'react';
import { ModalFrame } from '../components/modal-frame';
import { closeModal } from '../state/modals';

interface Props {
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that leaves things as they are ("Cancel" would be ambiguous beside "Cancel the order"). */
  dismissLabel?: string;
  onConfirm?: () => Promise<void>;
}

export function ConfirmModal({ title, message, confirmLabel = 'Yes', dismissLabel = 'Cancel', onConfirm }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const confirm = async () => {
    if (!onConfirm) return closeModal();
    setBusy(true);
    setError('');
    try {
      await onConfirm();
      closeModal();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <ModalFrame title={title}>
      <p>{message}</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="modal__actions">
        {onConfirm && <button type="button" className="button button--ghost" onClick={closeModal} disabled={busy}>{dismissLabel}</button>}
        {/* biome-ignore lint/a11y/noAutofocus: the dialog's confirming action takes the focus when it opens (dialog pattern) */}
        <button type="button" className="button" onClick={() => void confirm()} disabled={busy} autoFocus>
          {onConfirm ? confirmLabel : 'OK'}
        </button>
      </div>
    </ModalFrame>
  );
}
