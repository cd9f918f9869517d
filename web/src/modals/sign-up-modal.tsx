/** Create an account (POST /api/auth/register/); the email then carries a /?submit_token= verification link. */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { register } from '../api/auth';
import type { ApiError } from '../api/http';
import { Checkbox, Field, FormMessage, SelectField } from '../components/field';
import { ModalFrame } from '../components/modal-frame';
import { SocialSignIn } from '../features/social-sign-in/social-sign-in';
import {
  EMPTY_REGISTRATION, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationValues,
} from '../lib/registration';
import { maskBirthDate, MSG } from '../lib/validation';
import { closeModal, openModal } from '../state/modals';

const TITLES = [
  { value: '', label: 'Select…' },
  ...['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'].map((t) => ({ value: t, label: t })),
];

export const SIGN_UP_SENT = 'We have sent a verification link to your email. Open it to activate your account.';

export function SignUpModal() {
  const [v, setV] = useState<RegistrationValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof RegistrationValues>(k: K) => (value: RegistrationValues[K]) => {
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
        <SelectField name="title" label="Title" options={TITLES} value={v.title} onValue={set('title')} className="span-1" />
        <Field name="first_name" label="First name" autoComplete="given-name" value={v.first_name} onValue={set('first_name')} error={errors.first_name} maxLength={32} />
        <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} onValue={set('last_name')} error={errors.last_name} maxLength={32} />
        <Field name="email" label="Email" type="email" autoComplete="email" value={v.email} onValue={set('email')} error={errors.email} />
        <Field name="phone_number" label="Phone number" type="tel" autoComplete="tel" value={v.phone_number} onValue={set('phone_number')} error={errors.phone_number} maxLength={250} hint="UK numbers as 07… or +44…; others with the country code." />
        <Field name="birth_date" label="Date of birth" inputMode="numeric" placeholder="DD/MM/YYYY" value={v.birth_date} onValue={(x) => set('birth_date')(maskBirthDate(x))} error={errors.birth_date} hint="You must be 18 or over to bid." />
        <Field name="password" label="Password" type="password" autoComplete="new-password" value={v.password} onValue={set('password')} error={errors.password} hint="8-20 characters: upper and lower case, a digit and one of !@#$%^&*" />
        <Field name="password2" label="Confirm password" type="password" autoComplete="new-password" value={v.password2} onValue={set('password2')} error={errors.password2} />
        <div className="span-all">
          <Checkbox name="vat_enabled" label="I am buying as a VAT-registered business" checked={v.vat_enabled} onChecked={set('vat_enabled')} />
        </div>
        {v.vat_enabled && (
          <>
            <Field name="vat_number" label="VAT number" value={v.vat_number} onValue={set('vat_number')} error={errors.vat_number} />
            <Field name="company_name" label="Company name" autoComplete="organization" value={v.company_name} onValue={set('company_name')} error={errors.company_name} maxLength={60} />
          </>
        )}
        <div className="span-all">
          <Checkbox
            name="terms_agreement"
            checked={v.terms_agreement}
            onChecked={set('terms_agreement')}
            error={errors.terms_agreement}
            label={
              <>
                I agree to the <Link href="/terms-and-conditions" onClick={closeModal}>Terms and Conditions</Link> and the{' '}
                <Link href="/privacy-policy" onClick={closeModal}>Privacy Policy</Link>
              </>
            }
          />
        </div>
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
