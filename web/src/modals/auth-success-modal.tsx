/** A short outcome message (sign-up sent, password changed, payment results). */
import { ModalFrame } from '../components/modal-frame';
import { closeModal, openModal } from '../state/modals';

interface Props {
  title: string;
  message: string;
  tone?: 'success' | 'error';
  action?: 'login';
}

export function AuthSuccessModal({ title, message, tone = 'success', action }: Props) {
  return (
    <ModalFrame title={title}>
      <p className={tone === 'error' ? 'form-error' : 'lead-text'} role={tone === 'error' ? 'alert' : 'status'}>{message}</p>
      <div className="modal__actions">
        {action === 'login' ? (
          <button type="button" className="button button--primary" data-autofocus onClick={() => openModal('login')}>Sign in</button>
        ) : (
          <button type="button" className="button button--primary" data-autofocus onClick={closeModal}>Continue</button>
        )}
      </div>
    </ModalFrame>
  );
}
