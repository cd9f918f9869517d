/**
 * The closing scheduler's read model: each lot's current end and whether it closed, each auction's end and whether
 * it finished. Kept apart from the catalogue's lots table so the scheduler depends on nothing but the events.
 * Lot rows keep the stream version of the last event applied, so an event applied twice (or late) changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { Projection } from '../../projection';
import type { StoredEvent } from '../../../infra/event-store/types';
import type { LotEvent } from '../../../domain/catalogue/lot/events';
import type { AuctionEvent } from '../../../domain/catalogue/auction/events';
import { assertNever } from '../../../domain/shared/decider';
import './tables';

// LotWithdrawn needs nothing here: the LotClosed appended with it marks the lot closed (no winner), which also lets
// its auction finish. LotEndRescheduled moves the end the scheduler waits for (staff stagger before the start).
const EVENT_TYPES = ['LotConsigned', 'BidPlaced', 'LotEndRescheduled', 'LotClosed', 'AuctionCreated', 'AuctionRescheduled', 'AuctionFinished'] as const;

type Relevant = Extract<LotEvent | AuctionEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const lotScheduleProjection: Projection = {
  name: 'lot-schedule',
  tables: ['lot_schedule', 'lot_schedule_auctions'],
  eventTypes: EVENT_TYPES,
  async apply(trx, stored) {
    const event = { type: stored.type, data: stored.data } as Relevant;
    switch (event.type) {
      case 'LotConsigned': {
        const d = event.data;
        await trx
          .insertInto('lot_schedule')
          .values({ lot_id: d.lot_id, auction_id: d.auction_id, ends_at: new Date(d.ends_at), closed: false, version: stored.stream_version })
          .onConflict((oc) => oc.column('lot_id').doNothing())
          .execute();
        return;
      }
      case 'BidPlaced':
      case 'LotEndRescheduled':
        return updateLot(trx, stored, event.data.lot_id, { ends_at: new Date(event.data.ends_at) });
      case 'LotClosed':
        return updateLot(trx, stored, event.data.lot_id, { ends_at: new Date(event.data.ends_at), closed: true });
      case 'AuctionCreated': {
        const d = event.data;
        await trx
          .insertInto('lot_schedule_auctions')
          .values({ auction_id: d.auction_id, end_date: new Date(d.end_date), finished: false })
          .onConflict((oc) => oc.column('auction_id').doNothing())
          .execute();
        return;
      }
      case 'AuctionRescheduled':
        await trx.updateTable('lot_schedule_auctions').set({ end_date: new Date(event.data.end_date) }).where('auction_id', '=', event.data.auction_id).execute();
        return;
      case 'AuctionFinished':
        await trx.updateTable('lot_schedule_auctions').set({ finished: true }).where('auction_id', '=', event.data.auction_id).execute();
        return;
      default:
        return assertNever(event);
    }
  },
};

async function updateLot(trx: Kysely<Database>, stored: StoredEvent, lotId: string, changes: { ends_at: Date; closed?: boolean }): Promise<void> {
  await trx
    .updateTable('lot_schedule')
    .set({ ...changes, version: stored.stream_version })
    .where('lot_id', '=', lotId)
    .where('version', '<', stored.stream_version)
    .execute();
}
