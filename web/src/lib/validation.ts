/**
 * Form rules and their exact messages (spec 2 section 5, spec 1 section 5). Each validator answers the message to
 * show, or null when the value is fine.
 */
export const MSG = {
  required: 'This field is required',
  passwordRequired: 'Please, specify your password',
  passwordMin: 'Min length is 8',
  passwordMax: 'Max length is 20',
  passwordSpaces: 'Password must not contain spaces',
  passwordComposition:
    'Password must contain an upper-case letter, a lower-case letter, a digit and a special symbol (!@#$%^&*)',
  passwordMismatch: 'Passwords do not match',
  emailInvalid: 'Invalid email address',
  emailMax: 'Max 50 characters',
  newsletterRequired: 'Please, specify your email',
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
  serverField: 'Please check field',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const ADULT_AGE = 18;
export const MAX_AGE = 120;

const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const NAME_RE = /^[A-Za-z\u0400-\u04FF\s-]+$/;

const blank = (v: string | null | undefined) => !v || !v.trim();

export function validateEmail(value: string): string | null {
  if (blank(value)) return MSG.required;
  const v = value.trim();
  if (v.length > 50) return MSG.emailMax;
  return EMAIL_RE.test(v) ? null : MSG.emailInvalid;
}

export function validateNewsletterEmail(value: string): string | null {
  if (blank(value)) return MSG.newsletterRequired;
  return EMAIL_RE.test(value.trim()) ? null : MSG.emailInvalid;
}

/** Password of a new account or a reset: 8-20, upper, lower, digit, one of !@#$%^&*, no spaces. */
export function validatePassword(value: string): string | null {
  if (!value) return MSG.passwordRequired;
  if (/\s/.test(value)) return MSG.passwordSpaces;
  if (value.length < PASSWORD_MIN) return MSG.passwordMin;
  if (value.length > PASSWORD_MAX) return MSG.passwordMax;
  const ok = /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[!@#$%^&*]/.test(value);
  return ok ? null : MSG.passwordComposition;
}

/** Password at login: only required (old accounts may predate the rules). */
export function validateLoginPassword(value: string): string | null {
  return value ? null : MSG.passwordRequired;
}

export function validatePasswordConfirm(password: string, confirm: string): string | null {
  if (!confirm) return MSG.required;
  return password === confirm ? null : MSG.passwordMismatch;
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

/**
 * Phone number, default country GB: digits with an optional leading +, spaces, hyphens, dots or brackets.
 * A UK number (+44..., 0... or a bare national number) needs a 9 or 10 digit national number; another country
 * (+CC...) a 1-3 digit country code and a national number of 2 to 17 digits.
 */
export function validatePhone(value: string): string | null {
  if (blank(value)) return MSG.required;
  const v = value.trim();
  if (v.length > 250 || !/^\+?[\d\s().-]+$/.test(v)) return MSG.phoneInvalid;
  const digits = v.replace(/\D/g, '');
  let national: number;
  if (v.startsWith('+')) {
    if (!digits.startsWith('44')) return digits.length >= 3 && digits.length <= 20 ? null : MSG.phoneInvalid;
    national = digits.length - 2;
  } else {
    national = digits.startsWith('0') ? digits.length - 1 : digits.length;
  }
  return national === 9 || national === 10 ? null : MSG.phoneInvalid;
}

/** DD/MM/YYYY -> {day, month, year}, or null when it is not a real calendar date in that format. */
export function parseBirthDate(value: string): { day: number; month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { day, month, year };
}

/** Whole years between a birth date and `today` (local calendar). */
export function ageOn(birth: { day: number; month: number; year: number }, today: Date): number {
  let age = today.getFullYear() - birth.year;
  const m = today.getMonth() + 1;
  if (m < birth.month || (m === birth.month && today.getDate() < birth.day)) age -= 1;
  return age;
}

export function validateBirthDate(value: string, today: Date = new Date()): string | null {
  if (blank(value)) return MSG.required;
  const birth = parseBirthDate(value);
  if (!birth) return MSG.birthFormat;
  const age = ageOn(birth, today);
  if (age > MAX_AGE) return MSG.tooOld;
  return age < ADULT_AGE ? MSG.minAge : null;
}

/** DD/MM/YYYY -> YYYY-MM-DD for the API. */
export function birthDateToIso(value: string): string {
  const b = parseBirthDate(value);
  if (!b) return value;
  return `${b.year}-${String(b.month).padStart(2, '0')}-${String(b.day).padStart(2, '0')}`;
}

/** Inserts the slashes while the user types a birth date: "0103199" -> "01/03/199". */
export function maskBirthDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
