/**
 * Adding, changing and removing addresses, with the default rules of docs/checkout-api.md: a new billing address
 * becomes the only default billing address; a new shipping address becomes the default when it is the first; a
 * patched address becomes the default of its type (the others are cleared). The last changed billing address is
 * flagged. Removing the default (or the flagged) address passes it to the most recently changed one left, so a type
 * that has addresses always has a default.
 */
import { Conflict, NotFound, RuleBroken, ValidationError, type FieldErrors } from '../shared/errors';
import type { AddAddress, ChangeAddress, RemoveAddress } from './commands';
import type { AddressEvent, AddressFields, AddressType } from './events';
import { ADDRESS_FIELDS, addressFields, checkAddressType, type AddressInput } from './rules';
import { addressesOfType, type AddressBookState } from './state';

export const MAX_ADDRESSES = 50;
const TOO_MANY = `You can save at most ${MAX_ADDRESSES} addresses.`;
export const ADDRESS_NOT_FOUND = 'Not found.';
const TYPE_FIXED = 'The address type cannot be changed.';

/** The type flagged as "last changed" (the spec flags billing addresses only). */
const FLAGGED: AddressType = 'BILLING';

/** Field checks and the type check reported together, as one form. */
function validated(typeError: string | undefined, input: AddressInput): AddressFields {
  let fieldErrors: FieldErrors = {};
  let fields: AddressFields | undefined;
  try {
    fields = addressFields(input);
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    fieldErrors = e.fields;
  }
  if (typeError !== undefined || !fields) {
    throw new ValidationError({ ...(typeError !== undefined ? { addr_type: [typeError] } : {}), ...fieldErrors });
  }
  return fields;
}

export function addAddress(c: AddAddress, state: AddressBookState): AddressEvent[] {
  if (state.usedIds[c.address_id]) throw new Conflict('This address id is already used.');
  const type = checkAddressType(c.addr_type);
  const address = validated(type.error, c.input);
  const addrType = type.value!;
  if (Object.keys(state.addresses).length >= MAX_ADDRESSES) throw new RuleBroken(TOO_MANY);
  const base = { user_id: c.user_id, addr_type: addrType, at: c.now };
  const events: AddressEvent[] = [{ type: 'AddressAdded', data: { ...base, address_id: c.address_id, address } }];
  if (addrType === 'BILLING' || state.defaults.SHIPPING === null || c.make_default) {
    events.push({ type: 'DefaultAddressChanged', data: { ...base, address_id: c.address_id } });
  }
  if (addrType === FLAGGED) events.push({ type: 'LastModifiedAddressChanged', data: { ...base, address_id: c.address_id } });
  return events;
}

/** The saved fields overlaid with the sent ones; a new country without a region clears the old country's region. */
function merged(saved: AddressFields, input: AddressInput): AddressInput {
  const out: AddressInput = { ...saved };
  for (const field of ADDRESS_FIELDS) if (input[field] !== undefined) out[field] = input[field];
  const countryChanged = input.country !== undefined && (input.country ?? '').trim().toLowerCase() !== saved.country;
  if (countryChanged && input.region === undefined) out.region = '';
  return out;
}

const same = (a: AddressFields, b: AddressFields) => ADDRESS_FIELDS.every((f) => a[f] === b[f]);

export function changeAddress(c: ChangeAddress, state: AddressBookState): AddressEvent[] {
  const saved = state.addresses[c.address_id];
  if (!saved) throw new NotFound(ADDRESS_NOT_FOUND);
  let typeError: string | undefined;
  if (c.addr_type !== null) {
    const type = checkAddressType(c.addr_type);
    typeError = type.error ?? (type.value !== saved.addr_type ? TYPE_FIXED : undefined);
  }
  const address = validated(typeError, merged(saved.fields, c.input));
  const base = { user_id: c.user_id, addr_type: saved.addr_type, at: c.now };
  const events: AddressEvent[] = [];
  if (!same(address, saved.fields)) {
    events.push({ type: 'AddressChanged', data: { ...base, address_id: c.address_id, address } });
    if (saved.addr_type === FLAGGED && state.lastModified[FLAGGED] !== c.address_id) {
      events.push({ type: 'LastModifiedAddressChanged', data: { ...base, address_id: c.address_id } });
    }
  }
  if (c.make_default && state.defaults[saved.addr_type] !== c.address_id) {
    events.push({ type: 'DefaultAddressChanged', data: { ...base, address_id: c.address_id } });
  }
  return events;
}

export function removeAddress(c: RemoveAddress, state: AddressBookState): AddressEvent[] {
  const saved = state.addresses[c.address_id];
  if (!saved) throw new NotFound(ADDRESS_NOT_FOUND);
  const base = { user_id: c.user_id, addr_type: saved.addr_type, at: c.now };
  const next = addressesOfType(state, saved.addr_type).find((a) => a.id !== c.address_id)?.id ?? null;
  const events: AddressEvent[] = [{ type: 'AddressRemoved', data: { ...base, address_id: c.address_id } }];
  if (state.defaults[saved.addr_type] === c.address_id) events.push({ type: 'DefaultAddressChanged', data: { ...base, address_id: next } });
  if (saved.addr_type === FLAGGED && state.lastModified[FLAGGED] === c.address_id) {
    events.push({ type: 'LastModifiedAddressChanged', data: { ...base, address_id: next } });
  }
  return events;
}
