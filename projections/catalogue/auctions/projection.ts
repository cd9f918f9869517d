/** The auctions read model: one row per auction, finished_at once the auction is finished. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { Projection } from '../../projection';
import type { StoredEvent } from '../../../infra/event-store/types';
import type { AuctionEvent } from '../../../domain/catalogue/auction/events';
import { assertNever } from '../../../domain/shared/decider';
import './tables';

export const auctionsProjection: Projection = {
  name: 'auctions',
  tables: ['auctions'],
  eventTypes: ['AuctionCreated', 'AuctionFinished', 'AuctionRescheduled'],
  async apply(trx: Kysely<Database>, stored: StoredEvent) {
    const event = { type: stored.type, data: stored.data } as AuctionEvent;
    switch (event.type) {
      case 'AuctionCreated': {
        const d = event.data;
        await trx
          .insertInto('auctions')
          .values({
            id: d.auction_id,
            start_date: new Date(d.start_date),
            end_date: new Date(d.end_date),
            year: d.year,
            sequence_no: d.sequence_no,
            bottles_add_deadline: new Date(d.bottles_add_deadline),
            finished_at: null,
            created_at: new Date(d.created_at),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return;
      }
      case 'AuctionRescheduled': {
        const d = event.data;
        await trx
          .updateTable('auctions')
          .set({ start_date: new Date(d.start_date), end_date: new Date(d.end_date), bottles_add_deadline: new Date(d.bottles_add_deadline) })
          .where('id', '=', d.auction_id)
          .execute();
        return;
      }
      case 'AuctionFinished':
        await trx.updateTable('auctions').set({ finished_at: new Date(event.data.finished_at) }).where('id', '=', event.data.auction_id).execute();
        return;
      default:
        return assertNever(event);
    }
  },
};
