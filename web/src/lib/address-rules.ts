/**
 * The address form's rules (spec 1 section 5, docs/checkout-api.md "Addresses"), pure: the messages are the server's,
 * the phone number is checked by the same library and rule as the account's (domain/accounts/rules.ts), in the
 * address's country. Also how saved addresses turn into draft addresses and which one is picked first.
 */
import { phoneProblem } from '../../../domain/accounts/phone';
import type { Address, AddressKind, Country, SavedAddress } from '../api/addresses';
import type { AddressBody } from '../api/contract';

export const ADDRESS_MSG = {
  country: 'This field is required!',
  required: 'This field is required',
  city: 'Only letters, spaces, slashes or hyphens, 1 to 150',
  zip: "Doesn't match the pattern from 1 to 10 alphanumerics, spaces are allowed",
  phone: 'Phone number is invalid!',
} as const;

export const NO_SHIPPING = 'We do not ship to this country. Please select an alternative shipping address.';
export const NON_DELIVERABLE = 'Non Deliverable Zone';

export type AddressField = 'country' | 'region' | 'city' | 'street' | 'apartment' | 'zip_code' | 'name' | 'company' | 'phone_number';
export type AddressErrors = Partial<Record<AddressField, string>>;

const CITY_RE = /^[\p{L}\p{M}' /-]{1,150}$/u;
const ZIP_RE = /^[A-Za-z0-9 -]{1,10}$/;

export const emptyAddress = (country = ''): Address => ({
  country, region: '', city: '', street: '', apartment: '', zip_code: '', type_delivery: '', name: '', company: '', phone_number: '',
});

/** Every field's message (only the wrong ones). `countryCode` is the ISO code of the chosen country, for the phone. */
export function validateAddress(a: Address, countryCode?: string): AddressErrors {
  const e: AddressErrors = {};
  if (!a.country) e.country = ADDRESS_MSG.country;
  if (!a.street.trim()) e.street = ADDRESS_MSG.required;
  const city = a.city.trim();
  if (!city) e.city = ADDRESS_MSG.required;
  else if (!CITY_RE.test(city)) e.city = ADDRESS_MSG.city;
  if (!ZIP_RE.test(a.zip_code.trim())) e.zip_code = ADDRESS_MSG.zip;
  const phone = (a.phone_number ?? '').trim();
  if (phone && phoneProblem(phone, countryCode || 'GB')) e.phone_number = ADDRESS_MSG.phone;
  return e;
}

/** A country's carrier, or a draft address's carrier text; read leniently (a list: its first entry). */
type Carrier = { delivery: Country['delivery'] | string | string[] };

/** The carrier name a country answers (a list on some answers: its first entry). */
export const deliveryOf = (c: Carrier | null | undefined): string =>
  !c ? '' : Array.isArray(c.delivery) ? (c.delivery[0] ?? '') : c.delivery;

export const deliverable = (c: Carrier | null | undefined) => !!c && deliveryOf(c) !== NON_DELIVERABLE;

/** A saved address as the draft holds it. */
export const fromSaved = (s: SavedAddress): Address => ({
  id: s.id, country: s.country, region: s.region ?? '', city: s.city ?? '', street: s.street ?? '', apartment: s.apartment ?? '',
  zip_code: s.zip_code ?? '', type_delivery: s.type_delivery ?? '', name: s.name ?? '', company: s.company ?? '', phone_number: s.phone_number ?? '',
});

/** The saved address to start with: billing the last changed, else the default; shipping the default; else the first. */
export function preferredAddress(list: readonly SavedAddress[], kind: AddressKind): SavedAddress | null {
  if (!list.length) return null;
  if (kind === 'billing') return list.find((a) => a.isLastModifyed) ?? list.find((a) => a.is_default) ?? list[0];
  return list.find((a) => a.is_default) ?? list[0];
}

/** The body of POST /api/addresses/ (and PATCH): the form's fields with addr_type and user. */
export function addressBody(a: Address, kind: AddressKind, userId: string): AddressBody {
  return {
    addr_type: kind === 'billing' ? 'BILLING' : 'SHIPPING',
    user: userId,
    country: a.country,
    region: a.region,
    city: a.city.trim(),
    street: a.street.trim(),
    apartment: a.apartment.trim(),
    zip_code: a.zip_code.trim(),
    name: (a.name ?? '').trim(),
    company: (a.company ?? '').trim(),
    phone_number: (a.phone_number ?? '').trim(),
  };
}

/** Two addresses say the same thing (ids and carrier aside). */
export function sameAddress(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return a === b;
  const keys: (keyof Address)[] = ['country', 'region', 'city', 'street', 'apartment', 'zip_code', 'name', 'company', 'phone_number'];
  return keys.every((k) => String(a[k] ?? '').trim() === String(b[k] ?? '').trim());
}

/** One line per part, for the address card. */
export function addressLines(a: Address, countryName?: string): string[] {
  return [
    a.name, a.company, [a.street, a.apartment].filter(Boolean).join(', '), [a.city, a.region].filter(Boolean).join(', '),
    [a.zip_code, countryName ?? a.country].filter(Boolean).join(' · '), a.phone_number,
  ].map((s) => (s ?? '').trim()).filter(Boolean);
}
