/** Forgotten password: POST /api/auth/password_reset/ {email}; the email carries a /?reset_token= link. */
import { useState, type FormEvent } from 'react';
import { requestPasswordReset } from '../api/auth';
import { Field, FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { validateEmail } from '../lib/validation';
import { openModal } from '../state/modals';

const RESET_SENT = 'If an account exists for this email, we have sent a link to reset your password.';

export function ForgotPasswordModal({ email: initial = '' }: { email?: string }) {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateEmail(email);
    setError(problem ?? '');
    setFormError('');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent(answer?.detail && answer.detail !== 'OK' ? answer.detail : RESET_SENT);
    } catch (err) {
      setFormError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title="Reset your password" intro="Enter the email you registered with and we will send you a link to choose a new password.">
      <form onSubmit={submit} noValidate className="form">
        <Field label="Email" type="email" autoComplete="email" value={email} onValue={setEmail} error={error} />
        <FormMessage error={formError} success={sent} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {sent ? 'Send the link again' : 'Send reset link'}
        </button>
      </form>
      <p className="modal__alt">
        Remembered it? <button type="button" className="link-button" onClick={() => openModal('login')}>Back to sign in</button>
      </p>
    </ModalFrame>
  );
}
