/**
 * The address book's calls (spec 1 section 7 "Addresses", docs/checkout-api.md). Listing, adding and changing are the
 * shared calls of api/addresses.ts (the checkout's too); the book adds deleting and making an address the default.
 */
import { del, patch } from '../../api/http';
import { unwrap } from '../../lib/normalize';
import type { SavedAddress } from '../../api/addresses';

export const deleteAddress = (id: string) => del(`/api/addresses/${encodeURIComponent(id)}/`);

/** PATCH with only `is_default: true`: the address becomes its type's default, the others are cleared (spec 1 section 4). */
export const makeDefaultAddress = async (id: string): Promise<SavedAddress> =>
  unwrap<SavedAddress>(await patch(`/api/addresses/${encodeURIComponent(id)}/`, { is_default: true }));
