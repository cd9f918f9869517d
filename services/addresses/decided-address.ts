/**
 * An address as the user's address-book stream holds it, in the API shape: the answer of an add or a change is
 * built from the events (the event store), never from an addresses view that may still be behind.
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../context';
import { addressBookDecider } from '../../domain/addresses/decide';
import { userAddressesStream, type AddressEvent } from '../../domain/addresses/events';
import type { AddressBookState } from '../../domain/addresses/state';
import type { AddressesTable } from '../../projections/addresses/tables';
import { addressView, type AddressView } from './queries';

export async function decidedAddress(ctx: Pick<AppContext, 'store'>, userId: string, id: string): Promise<AddressView | null> {
  const stored = await ctx.store.readStream<AddressEvent>(userAddressesStream(userId));
  let state: AddressBookState = addressBookDecider.initialState;
  let created: string | null = null, updated: string | null = null, version = 0, addedVersion = 0;
  for (const e of stored) {
    const event = { type: e.type, data: e.data } as AddressEvent;
    state = addressBookDecider.evolve(state, event);
    if ((event.type === 'AddressAdded' || event.type === 'AddressChanged') && event.data.address_id === id) {
      if (event.type === 'AddressAdded') { created = event.data.at; addedVersion = e.stream_version; }
      updated = event.data.at;
      version = e.stream_version;
    }
  }
  const saved = state.addresses[id];
  if (!saved || created === null || updated === null) return null;
  const row: Selectable<AddressesTable> = {
    id, user_id: userId, version, added_version: addedVersion, addr_type: saved.addr_type, ...saved.fields,
    is_default: state.defaults[saved.addr_type] === id, is_last_modified: state.lastModified[saved.addr_type] === id,
    created_at: new Date(created), updated_at: new Date(updated), removed_at: null,
  } as Selectable<AddressesTable>;
  return addressView(row);
}
