/**
 * Bid read models: the public history lines, each bidder's standing per lot (private maximum, winning flag,
 * "Bidder N"), for bid_stats, the buyer's won/lost lots and "people also bid on". A per-lot version row gates every
 * event, so an event applied twice changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { Projection } from '../../projection';
import type { BidHistoryEntry, BidPlaced } from '../../../domain/catalogue/lot/events';
import './tables';

export const lotBidsProjection: Projection = {
  name: 'lot_bids',
  tables: ['lot_bid_versions', 'lot_bidders', 'lot_bid_history'],
  eventTypes: ['BidPlaced', 'ReservePriceChanged'],
  async apply(trx, stored) {
    if (stored.type === 'BidPlaced') {
      const d = stored.data as BidPlaced['data'];
      if (!(await claim(trx, d.lot_id, stored.stream_version, d.leader_id))) return;
      await upsertBidder(trx, d);
      await moveWinningFlag(trx, d.lot_id, d.leader_id);
      await insertHistory(trx, d.lot_id, d.history, stored.position);
    } else if (stored.type === 'ReservePriceChanged') {
      const d = stored.data as { lot_id: string; history: BidHistoryEntry[] };
      if (!(await claim(trx, d.lot_id, stored.stream_version, null))) return;
      await insertHistory(trx, d.lot_id, d.history, stored.position);
    }
  },
};

/** Moves the lot's version forward; false when this event (or a later one) was already applied. */
async function claim(trx: Kysely<Database>, lotId: string, version: number, leaderId: string | null): Promise<boolean> {
  const row = await trx
    .insertInto('lot_bid_versions')
    .values({ lot_id: lotId, version, leader_id: leaderId })
    .onConflict((oc) =>
      oc.column('lot_id').doUpdateSet((eb) => ({
        version: eb.ref('excluded.version'),
        // A reserve change never changes the leader: keep the one we have.
        leader_id: sql<string | null>`coalesce(excluded.leader_id, lot_bid_versions.leader_id)`,
      })).where('lot_bid_versions.version', '<', version),
    )
    .returning('lot_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Only the rows whose flag changes (the old and the new leader): setting it on every bidder of the lot wrote a new
 * row version for each of them on every bid, which made this statement PostgreSQL's busiest at a close (a hot lot
 * has hundreds of bidders; docs/benchmarks.md, "Live nodes").
 */
async function moveWinningFlag(trx: Kysely<Database>, lotId: string, leaderId: string): Promise<void> {
  await trx.updateTable('lot_bidders')
    .set({ is_winning: sql<boolean>`user_id = ${leaderId}` })
    .where('lot_id', '=', lotId)
    .where(sql<boolean>`is_winning IS DISTINCT FROM (user_id = ${leaderId})`)
    .execute();
}

async function upsertBidder(trx: Kysely<Database>, d: BidPlaced['data']): Promise<void> {
  await trx
    .insertInto('lot_bidders')
    .values((eb) => ({
      lot_id: d.lot_id,
      user_id: d.bidder_id,
      bidder_no: eb.selectFrom('lot_bidders').select(sql<number>`count(*)::int + 1`.as('n')).where('lot_id', '=', d.lot_id),
      max_bid_pence: d.max_bid,
      is_winning: d.leader_id === d.bidder_id,
      last_bid_at: new Date(d.placed_at),
    }))
    .onConflict((oc) =>
      oc.columns(['lot_id', 'user_id']).doUpdateSet((eb) => ({
        max_bid_pence: eb.ref('excluded.max_bid_pence'),
        last_bid_at: eb.ref('excluded.last_bid_at'),
      })),
    )
    .execute();
}

async function insertHistory(trx: Kysely<Database>, lotId: string, lines: BidHistoryEntry[], position: number): Promise<void> {
  if (lines.length === 0) return;
  await trx
    .insertInto('lot_bid_history')
    .values(lines.map((line, i) => ({
      id: line.id,
      lot_id: lotId,
      bidder_id: line.bidder_id,
      amount_pence: line.amount,
      placed_at: new Date(line.placed_at),
      automatic: line.automatic,
      position,
      line_no: i,
    })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
