/**
 * The closing scheduler's read model: each lot's current end and whether it closed, each auction's end and whether
 * it finished. Kept apart from the catalogue's lots table so the scheduler depends on nothing but the events.
 * Lot rows keep the stream version of the last event applied, so an event applied twice (or late) changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { Projection } from '../../projection';
import type { StoredEvent } from '../../../infra/event-store/types';
import type { BidPlaced, LotEvent } from '../../../domain/catalogue/lot/events';
import type { AuctionEvent } from '../../../domain/catalogue/auction/events';
import { assertNever } from '../../../domain/shared/decider';
import { applyInRuns, lastByKey } from '../../runs';
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
        return bidsPlaced(trx, [stored]);
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
  applyBatch: (trx, events) =>
    applyInRuns(events, (e) => e.type === 'BidPlaced', (bids) => bidsPlaced(trx, bids), (e) => lotScheduleProjection.apply(trx, e)),
};

/** A run of bids in one statement: only each lot's last end counts (its version is the highest of the run). */
async function bidsPlaced(trx: Kysely<Database>, bids: StoredEvent[]): Promise<void> {
  const last = lastByKey(bids, (e) => (e.data as BidPlaced['data']).lot_id);
  const ids = last.map((e) => (e.data as BidPlaced['data']).lot_id);
  const ends = last.map((e) => new Date((e.data as BidPlaced['data']).ends_at));
  await sql`UPDATE lot_schedule SET ends_at = v.ends_at, version = v.version
    FROM unnest(${ids}::text[], ${last.map((e) => e.stream_version)}::int[], ${ends}::timestamptz[]) AS v(lot_id, version, ends_at)
    WHERE lot_schedule.lot_id = v.lot_id AND lot_schedule.version < v.version`.execute(trx);
}

async function updateLot(trx: Kysely<Database>, stored: StoredEvent, lotId: string, changes: { ends_at: Date; closed?: boolean }): Promise<void> {
  await trx
    .updateTable('lot_schedule')
    .set({ ...changes, version: stored.stream_version })
    .where('lot_id', '=', lotId)
    .where('version', '<', stored.stream_version)
    .execute();
}
