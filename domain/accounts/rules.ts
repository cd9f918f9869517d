/**
 * The account form rules and their exact messages (spec 2 section 5), the one copy shared by the server and the web
 * client (web/src/lib/validation.ts re-exports them), so a value the browser accepts is one the server accepts and a
 * message reads the same whichever caught it. Each validator answers the message to show, or null when it is fine.
 * Vite bundles this file into the client: keep it pure (no node built-ins, no server code). The phone rules are in
 * phone.ts, so pages without a phone field do not load libphonenumber-js.
 */

export const MSG = {
  required: 'This field is required',
  passwordRequired: 'Please, specify your password',
  passwordMin: 'Min length is 8',
  passwordMax: 'Max length is 20',
  passwordSpaces: 'Password must not contain spaces',
  passwordComposition: 'Password must contain an upper-case letter, a lower-case letter, a digit and a special symbol (!@#$%^&*)',
  passwordMismatch: 'Passwords do not match',
  emailRequired: 'Please, specify your email',
  emailInvalid: 'Invalid email address',
  emailMax: 'Max 50 characters',
  emailTaken: 'A user with this email already exists.',
  vatMin: 'Ensure this field has more than 9 characters.',
  vatMax: 'Ensure this field has no more than 11 characters.',
  companyMax: 'Max 40 characters',
  phoneInvalid: 'Phone number is invalid!',
  birthFormat: 'Enter valid format DD/MM/YYYY',
  tooOld: 'Too old',
  minAge: 'Minimal age is 18!',
  nameChars: 'Only letters, spaces and hyphens are allowed',
  nameMin: 'Min length is 2',
  nameMax: 'Max 32 characters',
  titleMax: 'Max 20 characters',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
const EMAIL_MAX = 50;
export const ADULT_AGE = 18;
export const MAX_AGE = 120;

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const NAME_RE = /^[A-Za-z\u0400-\u04FF\s-]+$/;
const blank = (v: string | null | undefined) => !v?.trim();

export function validateEmail(value: string): string | null {
  if (blank(value)) return MSG.required;
  const v = value.trim();
  if (v.length > EMAIL_MAX) return MSG.emailMax;
  return EMAIL_RE.test(v) ? null : MSG.emailInvalid;
}

/** A new password (registration, reset, change): 8-20, upper, lower, digit, one of !@#$%^&*, no spaces. */
export function validatePassword(value: string): string | null {
  if (!value) return MSG.passwordRequired;
  if (/\s/.test(value)) return MSG.passwordSpaces;
  if (value.length < PASSWORD_MIN) return MSG.passwordMin;
  if (value.length > PASSWORD_MAX) return MSG.passwordMax;
  const ok = /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[!@#$%^&*]/.test(value);
  return ok ? null : MSG.passwordComposition;
}

export function validateName(value: string): string | null {
  if (blank(value)) return MSG.required;
  const v = value.trim();
  if (!NAME_RE.test(v)) return MSG.nameChars;
  if (v.length < 2) return MSG.nameMin;
  return v.length > 32 ? MSG.nameMax : null;
}

export function validateVatNumber(value: string): string | null {
  if (blank(value)) return MSG.required;
  const v = value.trim();
  if (v.length < 9) return MSG.vatMin;
  return v.length > 11 ? MSG.vatMax : null;
}

export function validateCompanyName(value: string): string | null {
  if (blank(value)) return MSG.required;
  return value.trim().length > 40 ? MSG.companyMax : null;
}


interface CalendarDate { year: number; month: number; day: number }

const DMY_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** DD/MM/YYYY only, as the form takes it: a real calendar date, or null. */
export function parseFormBirthDate(value: string): CalendarDate | null {
  const m = DMY_RE.exec(value.trim());
  return m ? calendarDate(+m[3], +m[2], +m[1]) : null;
}

/** DD/MM/YYYY (the form) or YYYY-MM-DD (what the client sends to the API): a real calendar date, or null. */
export function parseBirthDate(value: string): CalendarDate | null {
  const m = ISO_RE.exec(value.trim());
  return m ? calendarDate(+m[1], +m[2], +m[3]) : parseFormBirthDate(value);
}

/**
 * Whole years from a birth date to `today`, on the UTC calendar: the server's clock decides, and the client counts
 * the same way so it never accepts a date the server then refuses (or the reverse) around midnight.
 */
export function ageOn(birth: CalendarDate, today: Date): number {
  const month = today.getUTCMonth() + 1;
  const before = month < birth.month || (month === birth.month && today.getUTCDate() < birth.day);
  return today.getUTCFullYear() - birth.year - (before ? 1 : 0);
}

/** `parse` narrows the accepted formats: the client's form field takes DD/MM/YYYY only (parseFormBirthDate). */
export function validateBirthDate(value: string, today: Date, parse = parseBirthDate): string | null {
  if (blank(value)) return MSG.required;
  const birth = parse(value);
  if (!birth) return MSG.birthFormat;
  const age = ageOn(birth, today);
  if (age > MAX_AGE) return MSG.tooOld;
  return age < ADULT_AGE ? MSG.minAge : null;
}

export function isoDate(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function validateTitle(value: string | null): string | null {
  return value !== null && value.trim().length > 20 ? MSG.titleMax : null;
}

