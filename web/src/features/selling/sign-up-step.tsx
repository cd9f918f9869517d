/**
 * SellingSignUp: a seller who is not signed in registers in the same step as the request (user_data, the rules and
 * messages of the sign-up form). The server's user_data field errors come back onto these fields.
 */
import { useState, type FormEvent } from 'react';
import { Checkbox, Field, FormMessage } from '../../components/field';
import { ModalFrame } from '../../components/modal-frame';
import { EMPTY_REGISTRATION, validateRegistration, type RegistrationErrors, type RegistrationValues } from '../../lib/registration';
import { maskBirthDate } from '../../lib/validation';
import { openModal } from '../../state/modals';

interface Props {
  values: RegistrationValues;
  onValues: (v: RegistrationValues) => void;
  serverErrors: RegistrationErrors;
  formError: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}

export function SellingSignUpModal({ values: v, onValues, serverErrors, formError, busy, onSubmit, onClose }: Props) {
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const shown = { ...serverErrors, ...errors };
  const set = <K extends keyof RegistrationValues>(k: K) => (value: RegistrationValues[K]) => {
    onValues({ ...v, [k]: value });
    setErrors((p) => ({ ...p, [k]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(v);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit();
  };
  return (
    <ModalFrame title="Your details" size="wide" onClose={onClose} intro="We open a seller account for you with this request, so you can follow your items and get paid.">
      <form onSubmit={submit} noValidate className="form form--grid" aria-label="Your details">
        <Field name="first_name" label="First name" autoComplete="given-name" value={v.first_name} onValue={set('first_name')} error={shown.first_name} maxLength={32} />
        <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} onValue={set('last_name')} error={shown.last_name} maxLength={32} />
        <Field name="email" label="Email" type="email" autoComplete="email" value={v.email} onValue={set('email')} error={shown.email} />
        <Field name="phone_number" label="Phone number" type="tel" autoComplete="tel" value={v.phone_number} onValue={set('phone_number')} error={shown.phone_number} maxLength={250} />
        <Field name="birth_date" label="Date of birth" inputMode="numeric" placeholder="DD/MM/YYYY" value={v.birth_date} onValue={(x) => set('birth_date')(maskBirthDate(x))} error={shown.birth_date} />
        <Field name="password" label="Password" type="password" autoComplete="new-password" value={v.password} onValue={set('password')} error={shown.password} hint="8-20 characters: upper and lower case, a digit and one of !@#$%^&*" />
        <Field name="password2" label="Confirm password" type="password" autoComplete="new-password" value={v.password2} onValue={set('password2')} error={shown.password2} />
        <div className="span-all">
          <Checkbox name="vat_enabled" label="I sell as a VAT-registered business" checked={v.vat_enabled} onChecked={set('vat_enabled')} />
        </div>
        {v.vat_enabled && (
          <>
            <Field name="vat_number" label="VAT number" value={v.vat_number} onValue={set('vat_number')} error={shown.vat_number} />
            <Field name="company_name" label="Company name" value={v.company_name} onValue={set('company_name')} error={shown.company_name} maxLength={60} />
          </>
        )}
        <div className="span-all">
          <Checkbox name="terms_agreement" checked={v.terms_agreement} onChecked={set('terms_agreement')} error={shown.terms_agreement} label="I agree to the Terms and Conditions and the Privacy Policy" />
        </div>
        <div className="span-all">
          <FormMessage error={formError} />
          <button type="submit" className="button button--primary button--block" disabled={busy}>{busy ? 'Sending…' : 'Create my account and send'}</button>
        </div>
      </form>
      <p className="modal__alt">
        Already registered? <button type="button" className="link-button" onClick={() => { onClose(); openModal('login'); }}>Sign in</button>
      </p>
    </ModalFrame>
  );
}

export const EMPTY_SIGN_UP = EMPTY_REGISTRATION;
