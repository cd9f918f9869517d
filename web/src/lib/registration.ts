/** The sign-up form: its values, its rules (spec 2 section 5) and the payload sent to POST /api/auth/register/. */
import {
  birthDateToIso, MSG, validateBirthDate, validateCompanyName, validateEmail, validateName, validatePassword,
  validatePasswordConfirm, validatePhone, validateVatNumber,
} from './validation';

export interface RegistrationValues {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  birth_date: string;
  password: string;
  password2: string;
  vat_enabled: boolean;
  vat_number: string;
  company_name: string;
  terms_agreement: boolean;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues, string>>;

export const EMPTY_REGISTRATION: RegistrationValues = {
  title: '', first_name: '', last_name: '', email: '', phone_number: '', birth_date: '', password: '', password2: '',
  vat_enabled: false, vat_number: '', company_name: '', terms_agreement: false,
};

export function validateRegistration(v: RegistrationValues, today: Date = new Date()): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const set = (k: keyof RegistrationValues, msg: string | null) => {
    if (msg) errors[k] = msg;
  };
  set('first_name', validateName(v.first_name));
  set('last_name', validateName(v.last_name));
  set('email', validateEmail(v.email));
  set('phone_number', validatePhone(v.phone_number));
  set('birth_date', validateBirthDate(v.birth_date, today));
  set('password', validatePassword(v.password));
  set('password2', validatePasswordConfirm(v.password, v.password2));
  if (v.vat_enabled) {
    set('vat_number', validateVatNumber(v.vat_number));
    set('company_name', validateCompanyName(v.company_name));
  }
  if (!v.terms_agreement) errors.terms_agreement = MSG.required;
  return errors;
}

export function registrationPayload(v: RegistrationValues) {
  return {
    email: v.email.trim(),
    password: v.password,
    password2: v.password2,
    first_name: v.first_name.trim(),
    last_name: v.last_name.trim(),
    title: v.title || null,
    birth_date: birthDateToIso(v.birth_date),
    phone_number: v.phone_number.trim(),
    terms_agreement: v.terms_agreement,
    vat_enabled: v.vat_enabled,
    vat_number: v.vat_enabled ? v.vat_number.trim() : '',
    company_name: v.vat_enabled ? v.company_name.trim() : '',
  };
}
