/** Choose a new password after a valid reset link: POST /api/auth/password_reset/confirm/ {token, password}. */
import { useState, type FormEvent } from 'react';
import { confirmPasswordReset } from '../api/auth';
import type { ApiError } from '../api/http';
import { Field, FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { validatePassword, validatePasswordConfirm } from '../lib/validation';
import { openModal } from '../state/modals';

export function NewPasswordModal({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { password: validatePassword(password) ?? undefined, confirm: validatePasswordConfirm(password, confirm) ?? undefined };
    setErrors(next);
    setFormError('');
    if (next.password || next.confirm) return;
    setBusy(true);
    try {
      await confirmPasswordReset(token, password);
      openModal('authSuccess', {
        title: 'Password changed',
        message: 'Your password has been changed. Please sign in with your new password.',
        action: 'login',
      });
    } catch (err) {
      const apiErr = err as ApiError;
      if (apiErr.fields?.token) return openModal('emailVerification', { mode: 'reset', message: apiErr.fields.token });
      if (apiErr.fields?.password) setErrors({ password: apiErr.fields.password });
      else setFormError(apiErr.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title="Choose a new password" intro="8 to 20 characters with an upper-case letter, a lower-case letter, a digit and one of !@#$%^&*.">
      <form onSubmit={submit} noValidate className="form">
        <Field label="New password" type="password" autoComplete="new-password" value={password} onValue={setPassword} error={errors.password} />
        <Field label="Confirm new password" type="password" autoComplete="new-password" value={confirm} onValue={setConfirm} error={errors.confirm} />
        <FormMessage error={formError} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>Save new password</button>
      </form>
    </ModalFrame>
  );
}
