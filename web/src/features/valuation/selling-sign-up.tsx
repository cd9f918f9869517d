/**
 * SellingSignUp: a visitor's account details, asked inside the valuation form (spec 1 lists it among the modals; here
 * it is an inline step so the objects and the details go in one request). Same fields and rules as the sign-up form.
 */
import { Link } from 'wouter';
import { Checkbox, Field } from '../../components/field';
import type { RegistrationErrors, RegistrationValues } from '../../lib/registration';
import { maskBirthDate } from '../../lib/validation';
import { openModal } from '../../state/modals';

interface Props {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => void;
}

export function SellingSignUp({ values: v, errors, onChange }: Props) {
  return (
    <fieldset className="valuation-signup form--grid">
      <legend>Your details</legend>
      <p className="span-all field__hint">
        We create your account with this request, so you can follow it in your seller’s area. Already registered?{' '}
        <button type="button" className="link-button" onClick={() => openModal('login')}>Sign in</button>
      </p>
      <Field name="first_name" label="First name" autoComplete="given-name" value={v.first_name} onValue={(x) => onChange('first_name', x)} error={errors.first_name} maxLength={32} />
      <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} onValue={(x) => onChange('last_name', x)} error={errors.last_name} maxLength={32} />
      <Field name="email" label="Email" type="email" autoComplete="email" value={v.email} onValue={(x) => onChange('email', x)} error={errors.email} />
      <Field name="phone_number" label="Phone number" type="tel" autoComplete="tel" value={v.phone_number} onValue={(x) => onChange('phone_number', x)} error={errors.phone_number} maxLength={250} />
      <Field name="birth_date" label="Date of birth" inputMode="numeric" placeholder="DD/MM/YYYY" value={v.birth_date} onValue={(x) => onChange('birth_date', maskBirthDate(x))} error={errors.birth_date} />
      <Field name="password" label="Password" type="password" autoComplete="new-password" value={v.password} onValue={(x) => onChange('password', x)} error={errors.password} hint="8-20 characters: upper and lower case, a digit and one of !@#$%^&*" />
      <Field name="password2" label="Confirm password" type="password" autoComplete="new-password" value={v.password2} onValue={(x) => onChange('password2', x)} error={errors.password2} />
      <div className="span-all">
        <Checkbox
          name="terms_agreement" checked={v.terms_agreement} onChecked={(x) => onChange('terms_agreement', x)} error={errors.terms_agreement}
          label={<>I agree to the <Link href="/terms-and-conditions">Terms and Conditions</Link> and the <Link href="/privacy-policy">Privacy Policy</Link></>}
        />
      </div>
    </fieldset>
  );
}
