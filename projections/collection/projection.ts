/** The collection_items read model from the `collection-<user>` streams: one row per item, guarded by the stream version. */
import type { Projection } from '../projection';
import { COLLECTION_EVENT_TYPES, type CollectionEvent } from '../../domain/collection/events';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const collectionProjection: Projection = {
  name: 'collection_items',
  tables: ['collection_items'],
  eventTypes: COLLECTION_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as CollectionEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'CollectionItemAdded': {
        const d = event.data;
        const at = new Date(d.added_at);
        await trx.insertInto('collection_items').values({
          id: d.item_id, user_id: d.user_id, version, source: d.source, lot_id: d.lot_id, order_id: d.order_id,
          title: d.item.title, distillery: d.item.distillery, item: JSON.stringify(d.item), price_paid_pence: d.price_paid_pence,
          acquired_on: d.acquired_on, added_at: at, updated_at: at, removed_at: null,
        }).onConflict((oc) => oc.column('id').doNothing()).execute();
        return;
      }
      case 'CollectionItemPriceChanged': {
        const d = event.data;
        await trx.updateTable('collection_items').set({ price_paid_pence: d.price_paid_pence, updated_at: new Date(d.at), version })
          .where('id', '=', d.item_id).where('version', '<', version).execute();
        return;
      }
      case 'CollectionItemRemoved': {
        const d = event.data;
        await trx.updateTable('collection_items').set({ removed_at: new Date(d.at), updated_at: new Date(d.at), version })
          .where('id', '=', d.item_id).where('version', '<', version).execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
