/**
 * The sign-up form's rules (spec 2 section 5), all at once: every field's messages, so the form can show them
 * together. Pure: `today` comes from the caller's clock.
 */
import type { FieldErrors } from '../shared/errors';
import {
  MSG, validateBirthDate, validateCompanyName, validateEmail, validateName, validatePassword, validateTitle,
  validateVatNumber,
} from './rules';
import { validatePhone } from './phone';

export interface RegistrationForm {
  email: string;
  password: string;
  password2: string;
  first_name: string;
  last_name: string;
  title: string | null;
  birth_date: string;
  phone_number: string;
  terms_agreement: boolean;
  vat_enabled: boolean;
  vat_number: string;
  company_name: string;
}

export function registrationErrors(form: RegistrationForm, today: Date): FieldErrors {
  const errors: FieldErrors = {};
  const check = (field: keyof RegistrationForm, message: string | null) => {
    if (message) errors[field] = [...(errors[field] ?? []), message];
  };
  check('email', validateEmail(form.email));
  check('password', validatePassword(form.password));
  check('password2', !form.password2 ? MSG.required : form.password2 !== form.password ? MSG.passwordMismatch : null);
  check('first_name', validateName(form.first_name));
  check('last_name', validateName(form.last_name));
  check('title', validateTitle(form.title));
  check('birth_date', validateBirthDate(form.birth_date, today));
  check('phone_number', validatePhone(form.phone_number));
  if (form.vat_enabled) {
    check('vat_number', validateVatNumber(form.vat_number));
    check('company_name', validateCompanyName(form.company_name));
  }
  if (form.terms_agreement !== true) check('terms_agreement', MSG.required);
  return errors;
}
