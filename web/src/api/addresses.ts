/** Addresses: the countries the house ships to (read once per page load), their regions, and the account's saved addresses. */
import { get, patch, post } from './http';
import { toList, unwrap } from '../lib/normalize';

export interface Address {
  /** Set when the address is one saved in the account. */
  id?: string;
  country: string;
  region: string;
  city: string;
  street: string;
  apartment: string;
  zip_code: string;
  /** The carrier of the country ("DPD", "DHL", "UPS" or "Non Deliverable Zone"). */
  type_delivery: string;
  name?: string;
  company?: string;
  phone_number?: string;
}

export type AddressKind = 'billing' | 'shipping';

export interface SavedAddress extends Address {
  id: string;
  addr_type: 'BILLING' | 'SHIPPING';
  user: string;
  is_default: boolean;
  isLastModifyed?: boolean;
  created_at?: string;
  updated_at?: string;
}

export interface Country {
  name: string;
  slug: string;
  code: string;
  delivery: string | string[];
}

export interface Division {
  country: string;
  delivery: string | string[];
  regions: { name: string; code?: string }[];
}

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

export const createAddress = async (body: Record<string, unknown>): Promise<SavedAddress> => {
  const a = unwrap<SavedAddress>(await post('/api/addresses/', body));
  return { ...a, id: String(a.id) };
};

export const updateAddress = async (id: string, body: Record<string, unknown>): Promise<SavedAddress> => {
  const a = unwrap<SavedAddress>(await patch(`/api/addresses/${encodeURIComponent(id)}/`, body));
  return { ...a, id: String(a.id) };
};
