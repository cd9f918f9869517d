/** Create an account (POST /api/auth/register/); the email then carries a /?submit_token= verification link. */
import { useState, type FormEvent } from 'react';
import { register } from '../api/auth';
import type { ApiError } from '../api/http';
import { FormMessage } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { RegistrationFields } from '../components/registration-fields';
import { SocialSignIn } from '../features/accounts/social-sign-in';
import {
  EMPTY_REGISTRATION, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationValues,
} from '../lib/registration';
import { MSG } from '../lib/validation';
import { closeModal, openModal } from '../state/modals';

const SIGN_UP_SENT = 'We have sent a verification link to your email. Open it to activate your account.';

export function SignUpModal() {
  const [v, setV] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RegistrationValues>(k: K, value: RegistrationValues[K]) => {
    setV((prev) => ({ ...prev, [k]: value }));
    if (errors[k]) setErrors((prev) => ({ ...prev, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(v);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length) {
      const first = Object.keys(found)[0];
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await register(registrationPayload(v));
      openModal('authSuccess', { title: 'Check your email', message: answer?.detail || SIGN_UP_SENT });
    } catch (err) {
      const apiErr = err as ApiError;
      const fields = apiErr.fields ?? {};
      const mapped: RegistrationErrors = {};
      for (const [k, m] of Object.entries(fields)) if (k in v) mapped[k as keyof RegistrationValues] = m || MSG.serverField;
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(apiErr.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalFrame title="Create your account" size="wide" intro="Register to bid, keep a watching list and follow your lots live.">
      <SocialSignIn />
      <form onSubmit={submit} noValidate className="form form--grid">
        <RegistrationFields values={v} errors={errors} onChange={set} withTitle vatLabel="I am buying as a VAT-registered business"
          hints={{ phone_number: 'UK numbers as 07… or +44…; others with the country code.', birth_date: 'You must be 18 or over to bid.' }}
          terms={{ links: true, onLeave: closeModal }} />
        <p className="span-all field__hint">
          A one-off registration fee of £5 is asked for before your first bid.
        </p>
        <div className="span-all">
          <FormMessage error={formError} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? 'Creating your account…' : 'Create account'}
          </button>
        </div>
      </form>
      <p className="modal__alt">
        Already registered? <button type="button" className="link-button" onClick={() => openModal('login')}>Sign in</button>
      </p>
    </ModalFrame>
  );
}
