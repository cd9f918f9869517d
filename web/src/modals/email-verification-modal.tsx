/** A verification or reset link that did not work (expired, used or wrong). */
import { ModalFrame } from '../components/modal-frame';
import { openModal } from '../state/modals';

export function EmailVerificationModal({ mode = 'reset', message }: { mode?: 'reset' | 'verify'; message?: string }) {
  const reset = mode === 'reset';
  return (
    <ModalFrame title="Email verification">
      <p className="form-error" role="alert">{message || 'This link is invalid or has expired.'}</p>
      <p>
        {reset
          ? 'Password reset links work once and only for a limited time. Ask for a new one and use the latest email we send.'
          : 'Verification links work once. If you have already verified your email, simply sign in.'}
      </p>
      <div className="modal__actions">
        {reset ? (
          <button type="button" className="button button--primary" onClick={() => openModal('forgotPassword')}>Request a new link</button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => openModal('login')}>Sign in</button>
        )}
      </div>
    </ModalFrame>
  );
}
