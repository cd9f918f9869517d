/**
 * The checkout's own dialogs, shown over the page (not through the shell's modal host, which holds the outcome
 * messages): the save-in-account question of the address forms, and the terms and privacy pages in a frame.
 */
import { ModalFrame } from '../../components/modal-frame';

interface ConfirmProps {
  onYes: () => void;
  onNo: () => void;
  busy?: boolean;
  error?: string | null;
}

/** "Save in account: Apply changes to account settings?" with the default button (Yes) and No (spec 1 section 2). */
export function SaveInAccountDialog({ onYes, onNo, busy, error }: ConfirmProps) {
  return (
    <ModalFrame title="Save in account" onClose={onNo}>
      <p className="lead-text">Apply changes to account settings?</p>
      <p className="checkout-dialog__hint">Yes keeps this address in your account for next time. No uses it for this order only.</p>
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onNo} disabled={busy}>No</button>
        <button type="button" className="button button--primary" data-autofocus onClick={onYes} disabled={busy}>
          {busy ? 'Saving…' : 'Yes'}
        </button>
      </div>
    </ModalFrame>
  );
}

/** A page of this site (the terms, the privacy policy) in an in-page frame. */
export function FrameModal({ title, src, onClose }: { title: string; src: string; onClose: () => void }) {
  return (
    <ModalFrame title={title} onClose={onClose} size="full">
      <iframe className="checkout-frame" src={src} title={title} />
      <div className="modal__actions">
        <a className="text-link" href={src} target="_blank" rel="noopener">Open in a new tab</a>
        <button type="button" className="button button--primary" onClick={onClose}>Close</button>
      </div>
    </ModalFrame>
  );
}
