/**
 * Form rules and their exact messages (spec 2 section 5, spec 1 section 5). The account rules (email, password, name,
 * VAT number, company name, phone, birth date) are the server's own, from domain/accounts/rules.ts, so the browser and
 * the server accept the same values with the same texts; only what the server has no use for lives here (login and
 * confirmation passwords, the newsletter field, the birth date's DD/MM/YYYY typing and its conversion for the API).
 * Each validator answers the message to show, or null when the value is fine.
 */
import {
  isoDate, MSG as RULE_MSG, parseFormBirthDate, validateBirthDate as validateBirthDateRule, validateEmail,
} from '../../../domain/accounts/rules';

export {
  ADULT_AGE, ageOn, MAX_AGE, PASSWORD_MAX, PASSWORD_MIN, validateCompanyName, validateEmail, validateName,
  validatePassword, validateVatNumber,
} from '../../../domain/accounts/rules';
/** The phone rule loads libphonenumber-js: import it from here only where a phone is typed (lazy pages and modals). */
export { validatePhone } from '../../../domain/accounts/phone';

export const MSG = {
  ...RULE_MSG,
  newsletterRequired: RULE_MSG.emailRequired,
  serverField: 'Please check field',
} as const;

/** Newsletter field: its own "required" text (spec 1 section 5), then the account email rule, as the server checks it. */
export function validateNewsletterEmail(value: string): string | null {
  return value.trim() ? validateEmail(value) : MSG.newsletterRequired;
}

/** Password at login: only required (old accounts may predate the rules). */
export function validateLoginPassword(value: string): string | null {
  return value ? null : MSG.passwordRequired;
}

export function validatePasswordConfirm(password: string, confirm: string): string | null {
  if (!confirm) return MSG.required;
  return password === confirm ? null : MSG.passwordMismatch;
}

/** The form field takes DD/MM/YYYY only (the server also takes the YYYY-MM-DD the client sends it). */
export function validateBirthDate(value: string, today: Date = new Date()): string | null {
  return validateBirthDateRule(value, today, parseFormBirthDate);
}

/** DD/MM/YYYY -> YYYY-MM-DD for the API. */
export function birthDateToIso(value: string): string {
  const b = parseFormBirthDate(value);
  return b ? isoDate(b) : value;
}

/** Inserts the slashes while the user types a birth date: "0103199" -> "01/03/199". */
export function maskBirthDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
