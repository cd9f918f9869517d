/** Address-book commands: ids and time come in; the raw form fields are checked by the domain (rules.ts). */
import type { AddressInput } from './rules';

export interface AddAddress {
  type: 'AddAddress';
  user_id: string;
  address_id: string;
  /** Raw: checked against BILLING / SHIPPING. */
  addr_type: string | null;
  input: AddressInput;
  /** A new billing address is always the default; a shipping one when it is the first or when asked. */
  make_default: boolean;
  now: string;
}

/**
 * Fields present in `input` replace the saved ones. The patched address becomes the default of its type unless
 * `make_default` is false (spec: patching an address clears the other defaults).
 */
export interface ChangeAddress {
  type: 'ChangeAddress';
  user_id: string;
  address_id: string;
  /** When sent, it must be the address's own type (a type is never changed). */
  addr_type: string | null;
  input: AddressInput;
  make_default: boolean;
  now: string;
}

export interface RemoveAddress {
  type: 'RemoveAddress';
  user_id: string;
  address_id: string;
  now: string;
}

export type AddressCommand = AddAddress | ChangeAddress | RemoveAddress;
