/**
 * The address book's pure rules: which flags a saved address shows and the body an edit sends. The field rules and
 * messages are the shared ones of lib/address-rules.ts (the checkout's too), so both forms check an address the same way.
 */
import { addressBody } from '../../lib/address-rules';
import type { Address, AddressKind, SavedAddress } from '../../api/addresses';
import type { AddressBody } from '../../api/contract';

export const KIND_TITLES: Record<AddressKind, string> = { billing: 'Billing addresses', shipping: 'Shipping addresses' };
export const FLAG = { default: 'Default', lastChanged: 'Last changed' } as const;
export const DELETED = 'The address has been deleted.';
export const SAVED = 'The address has been saved.';

/** The tags of a saved address: Default, and for billing the last changed one (spec 1 section 3). */
export function addressFlags(a: Pick<SavedAddress, 'is_default' | 'isLastModifyed'>, kind: AddressKind): string[] {
  const flags: string[] = [];
  if (a.is_default) flags.push(FLAG.default);
  if (kind === 'billing' && a.isLastModifyed) flags.push(FLAG.lastChanged);
  return flags;
}

/**
 * The body of a save. A PATCH without `is_default` makes the address the default (the API's rule, spec 1 section 4:
 * "patching any address clears the other defaults"), so the book always says what the buyer chose. A new billing
 * address is always made the only default by the server, whatever is sent.
 */
export function saveBody(a: Address, kind: AddressKind, userId: string, makeDefault: boolean): AddressBody {
  return { ...addressBody(a, kind, userId), is_default: makeDefault };
}

/**
 * Whether the default checkbox is shown: not for a new billing address (it always becomes the default) nor for the
 * current default (a type that has addresses always has one: unticking could not take it away).
 */
export const offersDefaultChoice = (kind: AddressKind, editing: Pick<SavedAddress, 'is_default'> | null) =>
  editing ? !editing.is_default : kind === 'shipping';
