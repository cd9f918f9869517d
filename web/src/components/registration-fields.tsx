/**
 * The one set of sign-up fields (its rules are lib/registration.ts): the SignUp modal, the selling sign-up step and
 * the valuation form's details all render these, so labels, names and limits cannot drift apart. What differs is
 * chosen by the form: the title (bidders only), hints, the VAT question (absent from a valuation request) and
 * whether the terms are links (not in a modal that would lose its request by leaving).
 */
import { Link } from 'wouter';
import { Checkbox, Field, SelectField } from './field';
import type { RegistrationErrors, RegistrationValues } from '../lib/registration';
import { maskBirthDate } from '../lib/validation';

const TITLES = [
  { value: '', label: 'Select…' },
  ...['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'].map((t) => ({ value: t, label: t })),
];

export type RegistrationChange = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => void;

interface Props {
  values: RegistrationValues;
  errors: RegistrationErrors;
  onChange: RegistrationChange;
  withTitle?: boolean;
  hints?: { phone_number?: string; birth_date?: string };
  /** The VAT checkbox's label; without it the VAT question is not asked. */
  vatLabel?: string;
  /** The terms as links (`onLeave` runs when one is followed), or as plain text. */
  terms: { links: true; onLeave?: () => void } | { links: false };
}

function TermsLabel({ terms }: Pick<Props, 'terms'>) {
  if (!terms.links) return <>I agree to the Terms and Conditions and the Privacy Policy</>;
  return (
    <>
      I agree to the <Link href="/terms-and-conditions" onClick={terms.onLeave}>Terms and Conditions</Link> and the{' '}
      <Link href="/privacy-policy" onClick={terms.onLeave}>Privacy Policy</Link>
    </>
  );
}

export function RegistrationFields({ values: v, errors, onChange, withTitle, hints = {}, vatLabel, terms }: Props) {
  const on = <K extends keyof RegistrationValues>(k: K) => (value: RegistrationValues[K]) => onChange(k, value);
  return (
    <>
      {withTitle && <SelectField name="title" label="Title" options={TITLES} value={v.title} onValue={on('title')} className="span-1" />}
      <Field name="first_name" label="First name" autoComplete="given-name" value={v.first_name} onValue={on('first_name')} error={errors.first_name} maxLength={32} />
      <Field name="last_name" label="Last name" autoComplete="family-name" value={v.last_name} onValue={on('last_name')} error={errors.last_name} maxLength={32} />
      <Field name="email" label="Email" type="email" autoComplete="email" value={v.email} onValue={on('email')} error={errors.email} />
      <Field name="phone_number" label="Phone number" type="tel" autoComplete="tel" value={v.phone_number} onValue={on('phone_number')} error={errors.phone_number} maxLength={250} hint={hints.phone_number} />
      <Field name="birth_date" label="Date of birth" inputMode="numeric" placeholder="DD/MM/YYYY" value={v.birth_date} onValue={(x) => onChange('birth_date', maskBirthDate(x))} error={errors.birth_date} hint={hints.birth_date} />
      <Field name="password" label="Password" type="password" autoComplete="new-password" value={v.password} onValue={on('password')} error={errors.password} hint="8-20 characters: upper and lower case, a digit and one of !@#$%^&*" />
      <Field name="password2" label="Confirm password" type="password" autoComplete="new-password" value={v.password2} onValue={on('password2')} error={errors.password2} />
      {vatLabel && (
        <div className="span-all">
          <Checkbox name="vat_enabled" label={vatLabel} checked={v.vat_enabled} onChecked={on('vat_enabled')} />
        </div>
      )}
      {vatLabel && v.vat_enabled && (
        <>
          <Field name="vat_number" label="VAT number" value={v.vat_number} onValue={on('vat_number')} error={errors.vat_number} />
          <Field name="company_name" label="Company name" autoComplete="organization" value={v.company_name} onValue={on('company_name')} error={errors.company_name} maxLength={60} />
        </>
      )}
      <div className="span-all">
        <Checkbox name="terms_agreement" checked={v.terms_agreement} onChecked={on('terms_agreement')} error={errors.terms_agreement} label={<TermsLabel terms={terms} />} />
      </div>
    </>
  );
}
