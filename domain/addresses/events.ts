/**
 * Address-book events, on the stream `user-addresses-<userId>`: the billing and shipping addresses a user keeps,
 * which one of each type is the default, and which billing address was changed last. Each event carries the
 * resulting values (the whole normalised address, the new default), so the read model is a plain upsert.
 */

export const ADDRESS_TYPES = ['BILLING', 'SHIPPING'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** A normalised address (domain/addresses/rules.ts): `country` is the country slug, absent optional fields are "". */
export interface AddressFields {
  /** Country slug ("united-kingdom"). */
  country: string;
  /** Region name, or "". */
  region: string;
  city: string;
  street: string;
  apartment: string;
  zip_code: string;
  name: string;
  company: string;
  /** International format ("+44 7400 123456"), or "". */
  phone_number: string;
}

interface AddressAdded {
  type: 'AddressAdded';
  data: { user_id: string; address_id: string; addr_type: AddressType; address: AddressFields; at: string };
}

/** The address after the change (all of it, not a diff). */
interface AddressChanged {
  type: 'AddressChanged';
  data: { user_id: string; address_id: string; addr_type: AddressType; address: AddressFields; at: string };
}

interface AddressRemoved {
  type: 'AddressRemoved';
  data: { user_id: string; address_id: string; addr_type: AddressType; at: string };
}

/** The default address of this type is now `address_id` (null: none left); every other one is not. */
interface DefaultAddressChanged {
  type: 'DefaultAddressChanged';
  data: { user_id: string; addr_type: AddressType; address_id: string | null; at: string };
}

/** The last changed address of this type (kept for BILLING, the `isLastModifyed` flag) is now `address_id`. */
interface LastModifiedAddressChanged {
  type: 'LastModifiedAddressChanged';
  data: { user_id: string; addr_type: AddressType; address_id: string | null; at: string };
}

export type AddressEvent = AddressAdded | AddressChanged | AddressRemoved | DefaultAddressChanged | LastModifiedAddressChanged;

export const ADDRESS_EVENT_TYPES: readonly AddressEvent['type'][] = [
  'AddressAdded', 'AddressChanged', 'AddressRemoved', 'DefaultAddressChanged', 'LastModifiedAddressChanged',
];

export const userAddressesStream = (userId: string) => `user-addresses-${userId}`;
