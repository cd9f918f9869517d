/** Addresses: the countries the house ships to (read once per page load), their regions, and the account's saved addresses. */
import type { AddressBody, Country, Division, SavedAddress } from './contract';
import { get, patch, post } from './http';
import { toList, unwrap } from '../lib/normalize';

export type { Country, Division, SavedAddress } from './contract';

type AddressLines = 'country' | 'region' | 'city' | 'street' | 'apartment' | 'zip_code';

/**
 * An address as the forms and the checkout draft hold it: a saved address's lines (its id when it is one), the
 * carrier of its country as text ('' until a country is chosen).
 */
export type Address = Pick<SavedAddress, AddressLines> & Partial<Pick<SavedAddress, 'id' | 'name' | 'company' | 'phone_number'>> & {
  type_delivery: string;
};

export type AddressKind = 'billing' | 'shipping';

let countries: Promise<Country[]> | null = null;
export function fetchCountries(): Promise<Country[]> {
  countries ??= get('/api/countries/').then((d) => toList<Country>(d)).catch((e) => {
    countries = null;
    throw e;
  });
  return countries;
}

const divisions = new Map<string, Promise<Division>>();
export function fetchDivision(slug: string): Promise<Division> {
  let p = divisions.get(slug);
  if (!p) {
    p = get(`/api/divisions/${encodeURIComponent(slug)}/`).then((d) => unwrap<Division>(d));
    p.catch(() => divisions.delete(slug));
    divisions.set(slug, p);
  }
  return p;
}

export const fetchAddresses = async (userId: string, kind: AddressKind, signal?: AbortSignal): Promise<SavedAddress[]> =>
  toList<SavedAddress>(await get(`/api/users/${encodeURIComponent(userId)}/${kind}_addresses/`, { page_size: 100 }, { signal }))
    .map((a) => ({ ...a, id: String(a.id) }));

export const createAddress = async (body: AddressBody): Promise<SavedAddress> => {
  const a = unwrap<SavedAddress>(await post('/api/addresses/', body));
  return { ...a, id: String(a.id) };
};

export const updateAddress = async (id: string, body: AddressBody): Promise<SavedAddress> => {
  const a = unwrap<SavedAddress>(await patch(`/api/addresses/${encodeURIComponent(id)}/`, body));
  return { ...a, id: String(a.id) };
};
