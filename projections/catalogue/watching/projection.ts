/** The watching list read model: (user, lot) rows, watched or not, from the watching-<user> streams. */
import type { Projection } from '../../projection';
import type { WatchingEvent } from '../../../domain/catalogue/watching/events';
import { WATCHING_EVENT_TYPES } from '../../../domain/catalogue/watching/events';
import { assertNever } from '../../../domain/shared/decider';
import './tables';

export const watchingProjection: Projection = {
  name: 'watching_list',
  tables: ['watching_list'],
  eventTypes: WATCHING_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as WatchingEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'WatchingListLotAdded': {
        const d = event.data;
        await trx
          .insertInto('watching_list')
          .values({ user_id: d.user_id, lot_id: d.lot_id, watched: true, added_at: new Date(d.added_at), version })
          .onConflict((oc) =>
            oc.columns(['user_id', 'lot_id'])
              .doUpdateSet((eb) => ({ watched: true, added_at: eb.ref('excluded.added_at'), version }))
              .where('watching_list.version', '<', version),
          )
          .execute();
        return;
      }
      case 'WatchingListLotRemoved': {
        const d = event.data;
        await trx
          .updateTable('watching_list')
          .set({ watched: false, version })
          .where('user_id', '=', d.user_id)
          .where('lot_id', '=', d.lot_id)
          .where('version', '<', version)
          .execute();
        return;
      }
      default:
        return assertNever(event);
    }
  },
};
