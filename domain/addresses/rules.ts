/**
 * The address form rules and their messages (spec 1 section 5, spec 2 section 5, docs/checkout-api.md), pure: the
 * address book, and the checkout for the addresses of a draft, check and normalise any client's input here.
 */
import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { ValidationError, type FieldErrors } from '../shared/errors';
import { phoneProblem } from '../accounts/phone';
import { findCountry, findRegion, type Country } from './countries';
import { ADDRESS_TYPES, type AddressFields, type AddressType } from './events';

const REQUIRED = 'This field is required';
const COUNTRY_REQUIRED = 'This field is required!';
export const COUNTRY_UNKNOWN = 'Select a country from the list.';
const REGION_UNKNOWN = 'Select a region of the chosen country.';
const CITY_FORMAT = 'Only letters, spaces, slashes or hyphens, 1 to 150';
const ZIP_FORMAT = "Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed";
const PHONE_INVALID = 'Phone number is invalid!';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const notAChoice = (value: string) => `"${value}" is not a valid choice.`;

/** Free-text bounds (the spec gives none): long enough for any real address line. */
const MAX_LENGTH = { street: 255, apartment: 255, name: 255, company: 255, region: 100 } as const;

/** What a client may send; anything may be missing. */
export type AddressInput = { [K in keyof AddressFields]?: string | null };

export const ADDRESS_FIELDS = [
  'country', 'region', 'city', 'street', 'apartment', 'zip_code', 'name', 'company', 'phone_number',
] as const satisfies readonly (keyof AddressFields)[];

type Check<T> = { value: T; error?: undefined } | { value?: undefined; error: string };

const text = (v: string | null | undefined) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : '');

const CITY_RE = /^[\p{L}\p{M} /-]{1,150}$/u;
const ZIP_RE = /^[A-Za-z0-9 -]{1,10}$/;

export function checkCountry(v: string | null | undefined): Check<Country> {
  const slug = text(v).toLowerCase();
  if (slug === '') return { error: COUNTRY_REQUIRED };
  const country = findCountry(slug);
  return country ? { value: country } : { error: COUNTRY_UNKNOWN };
}

/** Optional; when given, one of the country's regions if the data has any (stored by its name), else free text. */
export function checkRegion(country: Country | null, v: string | null | undefined): Check<string> {
  const region = text(v);
  if (region === '') return { value: '' };
  if (country && country.regions.length > 0) {
    const found = findRegion(country, region);
    return found ? { value: found.name } : { error: REGION_UNKNOWN };
  }
  return region.length > MAX_LENGTH.region ? { error: tooLong(MAX_LENGTH.region) } : { value: region };
}

export function checkCity(v: string | null | undefined): Check<string> {
  const city = text(v);
  if (city === '') return { error: REQUIRED };
  return CITY_RE.test(city) ? { value: city } : { error: CITY_FORMAT };
}

export function checkZipCode(v: string | null | undefined): Check<string> {
  const zip = text(v);
  if (zip === '') return { error: REQUIRED };
  return ZIP_RE.test(zip) ? { value: zip } : { error: ZIP_FORMAT };
}

function checkText(v: string | null | undefined, max: number, required: boolean): Check<string> {
  const value = text(v);
  if (required && value === '') return { error: REQUIRED };
  return value.length > max ? { error: tooLong(max) } : { value };
}

/**
 * Optional; when given, valid for the address's country (a national number is read in that country, one in
 * +CC form in its own; GB when the country is unknown). Stored in international format, "+44 7400 123456", so a
 * carrier can read it whatever the destination.
 */
export function checkPhone(country: Country | null, v: string | null | undefined): Check<string> {
  const phone = typeof v === 'string' ? v.trim() : '';
  if (phone === '') return { value: '' };
  const code = country?.code ?? 'GB';
  if (phoneProblem(phone, code) !== null) return { error: PHONE_INVALID };
  const defaultCountry = isSupportedCountry(code) ? (code as CountryCode) : undefined;
  return { value: parsePhoneNumberFromString(phone, { defaultCountry, extract: false })!.formatInternational() };
}

function isAddressType(v: unknown): v is AddressType {
  return typeof v === 'string' && (ADDRESS_TYPES as readonly string[]).includes(v);
}

export function checkAddressType(v: string | null | undefined): Check<AddressType> {
  const type = text(v).toUpperCase();
  if (type === '') return { error: REQUIRED };
  return isAddressType(type) ? { value: type } : { error: notAChoice(text(v)) };
}

/** The normalised address, or a ValidationError with every field's message (in form order). */
export function addressFields(input: AddressInput): AddressFields {
  const errors: FieldErrors = {};
  const take = <T>(field: string, check: Check<T>): T => {
    if (check.error !== undefined) errors[field] = [check.error];
    return check.value as T;
  };
  const country = take('country', checkCountry(input.country)) ?? null;
  const fields: AddressFields = {
    country: country?.slug ?? '',
    region: take('region', checkRegion(country, input.region)),
    city: take('city', checkCity(input.city)),
    street: take('street', checkText(input.street, MAX_LENGTH.street, true)),
    apartment: take('apartment', checkText(input.apartment, MAX_LENGTH.apartment, false)),
    zip_code: take('zip_code', checkZipCode(input.zip_code)),
    name: take('name', checkText(input.name, MAX_LENGTH.name, false)),
    company: take('company', checkText(input.company, MAX_LENGTH.company, false)),
    phone_number: take('phone_number', checkPhone(country, input.phone_number)),
  };
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return fields;
}
