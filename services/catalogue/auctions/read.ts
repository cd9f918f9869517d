/**
 * Reading auctions: the auctions table is small (a few a month), so a request loads them all with their open-lot
 * flag in one query and classifies them against the server clock.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../infra/db/database';
import type { AuctionsTable } from '../../../projections/catalogue/auctions/tables';
import { auctionStatus, type AuctionStatus } from './status';
import type { AuctionCreated, AuctionRescheduled } from '../../../domain/catalogue/auction/events';
import type { AuctionApi } from './auction-answer';

export type { AuctionApi };

export interface AuctionView extends Selectable<AuctionsTable> {
  has_open_lots: boolean;
  lot_count: number;
  status: AuctionStatus;
}

/** Every auction, newest start first, with its status at `now`. */
export async function loadAuctions(db: Db, now: Date): Promise<AuctionView[]> {
  const rows = await db
    .selectFrom('auctions as a')
    .selectAll('a')
    .select([
      sql<boolean>`exists (select 1 from lots l where l.auction_id = a.id and l.outcome is null)`.as('has_open_lots'),
      sql<number>`(select count(*)::int from lots l where l.auction_id = a.id)`.as('lot_count'),
    ])
    .orderBy('a.start_date', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map((row) => ({ ...row, status: auctionStatus(row, now) }));
}

export async function loadAuction(db: Db, id: string, now: Date): Promise<AuctionView | null> {
  const all = await loadAuctions(db, now);
  return all.find((a) => a.id === id) ?? null;
}

export function idsWithStatus(auctions: AuctionView[], status: AuctionStatus): string[] {
  return auctions.filter((a) => a.status === status).map((a) => a.id);
}

/** A just-created auction as the read model will show it (no lots yet): the create answer needs no read model. */
export function createdAuctionView(d: AuctionCreated['data'], now: Date): AuctionView {
  const row = {
    id: d.auction_id, start_date: new Date(d.start_date), end_date: new Date(d.end_date), year: d.year, sequence_no: d.sequence_no,
    bottles_add_deadline: new Date(d.bottles_add_deadline), finished_at: null, created_at: new Date(d.created_at),
    has_open_lots: false, lot_count: 0,
  };
  return { ...row, status: auctionStatus(row, now) };
}

/** An auction as listed, with a reschedule just decided laid over it (the auctions view may still be behind). */
export function rescheduledAuctionView(a: AuctionView, d: AuctionRescheduled['data'], now: Date): AuctionView {
  const row = { ...a, start_date: new Date(d.start_date), end_date: new Date(d.end_date), bottles_add_deadline: new Date(d.bottles_add_deadline) };
  return { ...row, status: auctionStatus(row, now) };
}

export function auctionShape(a: AuctionView): AuctionApi {
  return {
    id: a.id,
    start_date: a.start_date.toISOString(),
    end_date: a.end_date.toISOString(),
    year: a.year,
    sequence_no: a.sequence_no,
    bottles_add_deadline: a.bottles_add_deadline.toISOString(),
    status: a.status,
    finished: a.finished_at !== null,
    lot_count: a.lot_count,
  };
}
