/**
 * The phone rules (spec 2 section 5), apart from the other account rules: libphonenumber-js's metadata is the
 * heaviest part of the rules, and only the forms that take a phone number should load it in the browser.
 */
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { MSG } from './rules';

const PHONE_MAX_LENGTH = 250;
const DEFAULT_PHONE_COUNTRY = 'GB';

/**
 * Why a non-blank phone number is refused, or null when it is valid (spec 2 section 5): at most 250 characters,
 * digits with an optional leading +, spaces, hyphens, dots or brackets, and a number libphonenumber-js holds valid
 * for its country with a national number of 2 to 17 digits. A number in national form is read in `country` (ISO
 * 3166 alpha-2; the account's default is GB); one in international form (+CC...) is checked for its own country.
 */
export function phoneProblem(value: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  const v = value.trim();
  if (v.length > PHONE_MAX_LENGTH || !/^\+?[\d\s().-]+$/.test(v)) return MSG.phoneInvalid;
  const defaultCountry = isSupportedCountry(country) ? (country as CountryCode) : undefined;
  const phone = parsePhoneNumberFromString(v, { defaultCountry, extract: false });
  if (!phone?.isValid()) return MSG.phoneInvalid;
  return phone.nationalNumber.length >= 2 && phone.nationalNumber.length <= 17 ? null : MSG.phoneInvalid;
}

/** Phone, required, valid for its country (default GB): the registration and profile rule. */
export function validatePhone(value: string, country: string = DEFAULT_PHONE_COUNTRY): string | null {
  if (value.trim() === '') return MSG.required;
  return phoneProblem(value, country);
}
