/**
 * `lot_purchases`: per won lot that has been in an order, who holds it and where its bottles are. One upsert per
 * event: the first event of a stream inserts the row, later ones update it only when the row is older (stream
 * version), so a repeat changes nothing. The update expressions read the row's own columns (a paid lot stays paid
 * when a later order reserves it to ship it out of storage).
 *
 * state: 'paid' once any LotPaid; else 'reserved' while an order awaiting payment holds it; else 'released'.
 */
import { sql, type Insertable, type UpdateObject } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { Projection } from '../projection';
import { assertNever } from '../../domain/shared/decider';
import { LOT_PURCHASE_EVENT_TYPES, type LotPurchaseEvent } from '../../domain/orders/events';
import type { LotPurchasesTable } from './tables';
import './tables';

/** The pending order, cleared when this event settles it. */
const clearPending = (orderId: string) =>
  sql<string | null>`CASE WHEN lot_purchases.pending_order_id = ${orderId}::uuid THEN NULL ELSE lot_purchases.pending_order_id END`;

/** The state once this event has settled its order (SET expressions all read the row as it was before). */
const stateSettling = (orderId: string) =>
  sql<'reserved' | 'paid' | 'released'>`CASE WHEN lot_purchases.paid_at IS NOT NULL THEN 'paid'
    WHEN (${clearPending(orderId)}) IS NOT NULL THEN 'reserved' ELSE 'released' END`;

interface Change { insert: Insertable<LotPurchasesTable>; update: UpdateObject<Database, 'lot_purchases'> }

function changeOf(event: LotPurchaseEvent, version: number): Change {
  const base = { lot_id: event.data.lot_id, version, updated_at: event.data.at };
  const fresh = { ...base, buyer_id: null, state: 'released' as const, order_id: null, in_storage: false };
  switch (event.type) {
    case 'LotReserved': {
      const d = event.data;
      return {
        insert: { ...fresh, buyer_id: d.buyer_id, state: 'reserved', order_id: d.order_id, pending_order_id: d.order_id, reserved_at: d.at },
        update: {
          state: sql<'paid' | 'reserved'>`CASE WHEN lot_purchases.paid_at IS NOT NULL THEN 'paid' ELSE 'reserved' END`,
          buyer_id: sql<string>`COALESCE(lot_purchases.buyer_id, ${d.buyer_id}::uuid)`,
          order_id: sql<string>`COALESCE(lot_purchases.paid_order_id, ${d.order_id}::uuid)`,
          pending_order_id: d.order_id, reserved_at: d.at,
        },
      };
    }
    case 'LotReservationReleased': {
      const d = event.data;
      return {
        insert: { ...fresh, released_at: d.at },
        update: {
          state: stateSettling(d.order_id),
          order_id: sql<string | null>`CASE WHEN lot_purchases.paid_at IS NOT NULL THEN lot_purchases.paid_order_id ELSE ${clearPending(d.order_id)} END`,
          pending_order_id: clearPending(d.order_id), released_at: d.at,
        },
      };
    }
    case 'LotPaid': {
      const d = event.data;
      return {
        insert: { ...fresh, buyer_id: d.buyer_id, state: 'paid', order_id: d.order_id, paid_order_id: d.order_id, paid_at: d.at },
        update: {
          // The first payment stays the lot's (a later order paying to ship or store it again does not re-buy it).
          state: 'paid', buyer_id: d.buyer_id,
          paid_order_id: sql<string>`COALESCE(lot_purchases.paid_order_id, ${d.order_id}::uuid)`,
          order_id: sql<string>`COALESCE(lot_purchases.paid_order_id, ${d.order_id}::uuid)`,
          paid_at: sql<string>`COALESCE(lot_purchases.paid_at, ${d.at}::timestamptz)`,
          pending_order_id: clearPending(d.order_id),
        },
      };
    }
    case 'LotStorageExtended': {
      const d = event.data;
      return {
        insert: { ...fresh, in_storage: true, storage_expires_at: d.expires_at },
        update: { in_storage: true, storage_expires_at: d.expires_at, pending_order_id: clearPending(d.order_id), state: stateSettling(d.order_id) },
      };
    }
    case 'LotLeftStorage': {
      const d = event.data;
      return {
        insert: { ...fresh, left_storage_at: d.at },
        update: { in_storage: false, left_storage_at: d.at, pending_order_id: clearPending(d.order_id), state: stateSettling(d.order_id) },
      };
    }
    default:
      return assertNever(event);
  }
}

export const lotPurchasesProjection: Projection = {
  name: 'lot_purchases',
  tables: ['lot_purchases'],
  eventTypes: LOT_PURCHASE_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as LotPurchaseEvent;
    const version = stored.stream_version;
    const { insert, update } = changeOf(event, version);
    await trx.insertInto('lot_purchases').values(insert)
      .onConflict((oc) => oc.column('lot_id')
        .doUpdateSet({ ...update, version, updated_at: event.data.at })
        .where('lot_purchases.version', '<', version))
      .execute();
  },
};
