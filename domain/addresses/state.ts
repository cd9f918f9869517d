/** Address-book state: the live addresses, the default of each type and the last changed one of each type. */
import { assertNever } from '../shared/decider';
import type { AddressEvent, AddressFields, AddressType } from './events';

interface SavedAddress {
  id: string;
  addr_type: AddressType;
  fields: AddressFields;
  /** Order of the last add or change in this book (ties of equal timestamps broken by the stream's order). */
  touched: number;
}

export interface AddressBookState {
  userId: string;
  addresses: Readonly<Record<string, SavedAddress>>;
  /** Every id ever used, removed ones included (an id is never reused). */
  usedIds: Readonly<Record<string, true>>;
  defaults: Readonly<Record<AddressType, string | null>>;
  lastModified: Readonly<Record<AddressType, string | null>>;
  touches: number;
}

export const initialAddressBookState: AddressBookState = Object.freeze({
  userId: '',
  addresses: Object.freeze({}),
  usedIds: Object.freeze({}),
  defaults: Object.freeze({ BILLING: null, SHIPPING: null }),
  lastModified: Object.freeze({ BILLING: null, SHIPPING: null }),
  touches: 0,
}) as AddressBookState;

export function evolveAddressBook(state: AddressBookState, event: AddressEvent): AddressBookState {
  switch (event.type) {
    case 'AddressAdded':
    case 'AddressChanged': {
      const d = event.data;
      const touched = state.touches + 1;
      return {
        ...state,
        userId: d.user_id,
        addresses: { ...state.addresses, [d.address_id]: { id: d.address_id, addr_type: d.addr_type, fields: d.address, touched } },
        usedIds: { ...state.usedIds, [d.address_id]: true },
        touches: touched,
      };
    }
    case 'AddressRemoved': {
      const { [event.data.address_id]: _removed, ...rest } = state.addresses;
      return { ...state, addresses: rest };
    }
    case 'DefaultAddressChanged':
      return { ...state, defaults: { ...state.defaults, [event.data.addr_type]: event.data.address_id } };
    case 'LastModifiedAddressChanged':
      return { ...state, lastModified: { ...state.lastModified, [event.data.addr_type]: event.data.address_id } };
    default:
      return assertNever(event);
  }
}

/** The user's addresses of one type, most recently added or changed first. */
export function addressesOfType(state: AddressBookState, type: AddressType): SavedAddress[] {
  return Object.values(state.addresses).filter((a) => a.addr_type === type).sort((a, b) => b.touched - a.touched);
}
