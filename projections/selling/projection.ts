/**
 * The sell-requests read model: one row per request, one per item, one per photo of a received item. Guarded by the request stream's version (a
 * replayed event changes nothing); the request's status is recomputed from its items after every item event.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/database';
import type { Projection } from '../projection';
import { SELL_REQUEST_EVENT_TYPES, type SellRequestEvent, type SellRequestItemReceived } from '../../domain/selling/sell-requests/events';
import { requestStatus } from '../../domain/selling/sell-requests/state';
import { assertNever } from '../../domain/shared/decider';
import './tables';

export const sellRequestsProjection: Projection = {
  name: 'sell_requests',
  tables: ['sell_requests', 'sell_request_items', 'sell_request_images'],
  eventTypes: SELL_REQUEST_EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as SellRequestEvent;
    const version = stored.stream_version;
    if (event.type === 'SellRequestSubmitted') {
      const d = event.data;
      const inserted = await trx.insertInto('sell_requests').values({
        id: d.request_id, reference: d.reference, user_id: d.user_id, kind: d.kind, delivery: d.delivery, status: 'submitted', auction_id: d.auction_id,
        address: d.address ? JSON.stringify(d.address) : null, note: d.note, valuation_id: d.valuation_id, payout_method_id: d.payout_method_id,
        boxes: d.boxes, insurance: d.insurance, pick_up_date: d.pick_up_date, created_at: d.at, updated_at: d.at, version,
      }).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await trx.insertInto('sell_request_items').values(d.items.map((item, position) => ({
        id: item.item_id, request_id: d.request_id, position, title: item.title, details: JSON.stringify(item), quantity: item.quantity,
        status: 'expected' as const, condition_note: null, lot_id: null, source_lot_id: item.source_lot_id, updated_at: d.at,
      }))).onConflict((oc) => oc.column('id').doNothing()).execute();
      return;
    }
    // Claim the version first: an event seen before (version not newer) changes nothing.
    const claimed = await trx.updateTable('sell_requests').set({ version, updated_at: event.data.at })
      .where('id', '=', event.data.request_id).where('version', '<', version).returning('user_id').executeTakeFirst();
    if (!claimed) return;
    const d = event.data;
    switch (event.type) {
      case 'SellRequestItemReceived':
        await trx.updateTable('sell_request_items').set({ status: 'received', condition_note: event.data.condition_note, updated_at: d.at })
          .where('id', '=', d.item_id).execute();
        await insertPhotos(trx, event.data, claimed.user_id);
        break;
      case 'SellRequestItemConsigned':
        await trx.updateTable('sell_request_items').set({ status: 'consigned', lot_id: event.data.lot_id, updated_at: d.at }).where('id', '=', d.item_id).execute();
        break;
      case 'SellRequestItemReturned':
        await trx.updateTable('sell_request_items').set({ status: 'returned', updated_at: d.at }).where('id', '=', d.item_id).execute();
        break;
      default:
        return assertNever(event);
    }
    await refreshStatus(trx, d.request_id);
  },
};

async function insertPhotos(trx: Kysely<Database>, d: SellRequestItemReceived['data'], ownerId: string): Promise<void> {
  const photos = d.photos ?? [];
  if (photos.length === 0) return;
  await trx.insertInto('sell_request_images').values(photos.map((p, position) => ({
    image_id: p.image_id, request_id: d.request_id, item_id: d.item_id, user_id: ownerId, position, file: p.file, thumb: p.thumb, content_type: p.content_type,
  }))).onConflict((oc) => oc.column('image_id').doNothing()).execute();
}

async function refreshStatus(trx: Kysely<Database>, requestId: string): Promise<void> {
  const items = await trx.selectFrom('sell_request_items').select('status').where('request_id', '=', requestId).execute();
  await trx.updateTable('sell_requests').set({ status: requestStatus(items) }).where('id', '=', requestId).execute();
}
