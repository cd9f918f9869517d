/**
 * `addresses`: one row per address with its current fields, whether it is the default of its type and whether it is
 * the last changed one. Rows keep the stream version they reflect and are only updated by a newer event (the
 * set-based updates of a user's rows bump every row they cover), so applying an event twice changes nothing.
 */
import { sql } from 'kysely';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { ADDRESS_EVENT_TYPES, type AddressEvent } from '../../domain/addresses/events';
import './tables';

export const addressesProjection: Projection = {
  name: 'addresses',
  tables: ['addresses'],
  eventTypes: ADDRESS_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as AddressEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'AddressAdded': {
        const d = event.data;
        await trx.insertInto('addresses').values({
          id: d.address_id, user_id: d.user_id, version, added_version: version, addr_type: d.addr_type, ...d.address, is_default: false, is_last_modified: false,
          created_at: d.at, updated_at: d.at, removed_at: null,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'AddressChanged': {
        const d = event.data;
        await trx.updateTable('addresses').set({ ...d.address, updated_at: d.at, version })
          .where('id', '=', d.address_id).where('version', '<', version).execute();
        return;
      }
      case 'AddressRemoved': {
        const d = event.data;
        await trx.updateTable('addresses').set({ removed_at: d.at, is_default: false, is_last_modified: false, version })
          .where('id', '=', d.address_id).where('version', '<', version).execute();
        return;
      }
      case 'DefaultAddressChanged': {
        const d = event.data;
        await trx.updateTable('addresses')
          .set({ is_default: sql<boolean>`id IS NOT DISTINCT FROM ${d.address_id}::uuid`, version })
          .where('user_id', '=', d.user_id).where('addr_type', '=', d.addr_type).where('removed_at', 'is', null)
          .where('version', '<', version).execute();
        return;
      }
      case 'LastModifiedAddressChanged': {
        const d = event.data;
        await trx.updateTable('addresses')
          .set({ is_last_modified: sql<boolean>`id IS NOT DISTINCT FROM ${d.address_id}::uuid`, version })
          .where('user_id', '=', d.user_id).where('addr_type', '=', d.addr_type).where('removed_at', 'is', null)
          .where('version', '<', version).execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
