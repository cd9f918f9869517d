/**
 * Item alerts and keywords: the followed items and keywords of each user (from the `alerts-<user>` streams) and
 * every item key a consigned lot has held (from LotConsigned), so a follow request can be checked against real
 * items and the list can show them.
 */
import type { Projection } from '../projection';
import type { AlertsEvent } from '../../domain/alerts/events';
import { ALERTS_EVENT_TYPES } from '../../domain/alerts/events';
import type { LotConsigned } from '../../domain/catalogue/lot/events';
import { itemKey } from '../../domain/alerts/item-key';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const alertsProjection: Projection = {
  name: 'alerts',
  tables: ['alert_items', 'alert_followed_items', 'alert_keywords'],
  eventTypes: [...ALERTS_EVENT_TYPES, 'LotConsigned'],
  async apply(trx, stored) {
    if (stored.type === 'LotConsigned') {
      const d = stored.data as LotConsigned['data'];
      const items = new Map<string, { title: string; distillery: string }>();
      for (const i of [d.item, ...d.group_items]) items.set(itemKey(i.distillery.name, i.title), { title: i.title, distillery: i.distillery.name });
      const values = [...items].map(([item_id, i]) => ({ item_id, ...i, last_lot_id: d.lot_id, last_position: stored.position }));
      await trx
        .insertInto('alert_items')
        .values(values)
        .onConflict((oc) =>
          oc.column('item_id')
            .doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'), distillery: eb.ref('excluded.distillery'),
              last_lot_id: eb.ref('excluded.last_lot_id'), last_position: eb.ref('excluded.last_position'),
            }))
            .where('alert_items.last_position', '<', (eb) => eb.ref('excluded.last_position')),
        )
        .execute();
      return;
    }
    const event = { type: stored.type, data: stored.data } as AlertsEvent;
    const version = stored.stream_version;
    switch (event.type) {
      case 'ItemFollowed': {
        const d = event.data;
        await trx
          .insertInto('alert_followed_items')
          .values({ user_id: d.user_id, item_id: d.item_id, title: d.title, distillery: d.distillery, followed: true, followed_at: new Date(d.followed_at), version })
          .onConflict((oc) =>
            oc.columns(['user_id', 'item_id'])
              .doUpdateSet((eb) => ({ followed: true, title: eb.ref('excluded.title'), distillery: eb.ref('excluded.distillery'), followed_at: eb.ref('excluded.followed_at'), version }))
              .where('alert_followed_items.version', '<', version),
          )
          .execute();
        return;
      }
      case 'ItemUnfollowed':
        await trx.updateTable('alert_followed_items').set({ followed: false, version })
          .where('user_id', '=', event.data.user_id).where('item_id', '=', event.data.item_id).where('version', '<', version)
          .execute();
        return;
      case 'KeywordAdded': {
        const d = event.data;
        await trx
          .insertInto('alert_keywords')
          .values({ user_id: d.user_id, keyword_id: d.keyword_id, word: d.word, active: true, added_at: new Date(d.added_at), version })
          .onConflict((oc) => oc.columns(['user_id', 'keyword_id']).doNothing())
          .execute();
        return;
      }
      case 'KeywordRemoved':
        await trx.updateTable('alert_keywords').set({ active: false, version })
          .where('user_id', '=', event.data.user_id).where('keyword_id', '=', event.data.keyword_id).where('version', '<', version)
          .execute();
        return;
      default:
        return assertNever(event);
    }
  },
};
