/**
 * Bid read models: the public history lines, each bidder's standing per lot (private maximum, winning flag,
 * "Bidder N"), for bid_stats, the buyer's won/lost lots and "people also bid on". A per-lot version row gates every
 * event, so an event applied twice changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/database';
import type { StoredEvent } from '../../../infra/event-store/types';
import type { Projection } from '../../projection';
import type { BidHistoryEntry, BidPlaced } from '../../../domain/catalogue/lot/events';
import { applyInRuns, columnOf, lastByKey } from '../../runs';
import './tables';

export const lotBidsProjection: Projection = {
  name: 'lot_bids',
  tables: ['lot_bid_versions', 'lot_bidders', 'lot_bid_history'],
  eventTypes: ['BidPlaced', 'ReservePriceChanged'],
  async apply(trx, stored) {
    if (stored.type === 'BidPlaced') return bidsPlaced(trx, [stored]);
    if (stored.type === 'ReservePriceChanged') {
      const d = stored.data as { lot_id: string; history: BidHistoryEntry[] };
      if (!(await claim(trx, d.lot_id, stored.stream_version))) return;
      if (d.history.length > 0) await insertHistory(historyRows(d.lot_id, d.history, stored.position)).execute(trx);
    }
  },
  applyBatch: (trx, events) =>
    applyInRuns(events, (e) => e.type === 'BidPlaced', (bids) => bidsPlaced(trx, bids), (e) => lotBidsProjection.apply(trx, e)),
};

interface Bid { version: number; position: number; d: BidPlaced['data'] }

/**
 * A run of bids in two statements, whatever its length: which bids this read model has not applied yet (each lot's
 * version), then one data-modifying WITH for the lots' versions, the history lines and the bidders. Before, every bid
 * was four statements, each a round trip on the bid process's loop (docs/benchmarks.md, "Read models during a bid
 * storm"). The outcome is the one of applying the bids one by one: each lot's version and leader are its last bid's,
 * a bidder's maximum and time their last bid's, a new bidder's number follows first appearance, and the winning flag
 * moves only on the rows whose flag changes.
 */
async function bidsPlaced(trx: Kysely<Database>, events: StoredEvent[]): Promise<void> {
  const fresh = await unapplied(trx, events.map((e) => ({ version: e.stream_version, position: e.position, d: e.data as BidPlaced['data'] })));
  if (fresh.length === 0) return;
  const leads = lastByKey(fresh, (b) => b.d.lot_id);
  const standings = bidderStandings(fresh);
  const lines = fresh.flatMap((b) => historyRows(b.d.lot_id, b.d.history, b.position));
  await sql`WITH
    lead AS (SELECT * FROM unnest(${leads.map((b) => b.d.lot_id)}::uuid[], ${leads.map((b) => b.version)}::int[],
      ${leads.map((b) => b.d.leader_id)}::text[]) AS t(lot_id, version, leader_id)),
    bid AS (SELECT * FROM unnest(${standings.map((s) => s.lot_id)}::uuid[], ${standings.map((s) => s.user_id)}::text[],
      ${standings.map((s) => s.max_bid)}::bigint[], ${standings.map((s) => s.at)}::timestamptz[], ${standings.map((s) => s.first)}::int[])
      AS t(lot_id, user_id, max_bid_pence, last_bid_at, first)),
    versions AS (INSERT INTO lot_bid_versions (lot_id, version, leader_id) SELECT lot_id, version, leader_id FROM lead
      ON CONFLICT (lot_id) DO UPDATE SET version = excluded.version, leader_id = excluded.leader_id
      WHERE lot_bid_versions.version < excluded.version),
    history AS (${insertHistory(lines)}),
    joined AS (INSERT INTO lot_bidders (lot_id, user_id, bidder_no, max_bid_pence, is_winning, last_bid_at)
      SELECT bid.lot_id, bid.user_id,
        (SELECT count(*) FROM lot_bidders x WHERE x.lot_id = bid.lot_id)::int + row_number() OVER (PARTITION BY bid.lot_id ORDER BY bid.first)::int,
        bid.max_bid_pence, bid.user_id = lead.leader_id, bid.last_bid_at
      FROM bid JOIN lead USING (lot_id)
      WHERE NOT EXISTS (SELECT 1 FROM lot_bidders x WHERE x.lot_id = bid.lot_id AND x.user_id = bid.user_id)
      ON CONFLICT (lot_id, user_id) DO NOTHING)
    UPDATE lot_bidders b SET max_bid_pence = coalesce(x.max_bid_pence, b.max_bid_pence),
      last_bid_at = coalesce(x.last_bid_at, b.last_bid_at), is_winning = x.winning
    FROM (SELECT o.lot_id, o.user_id, bid.max_bid_pence, bid.last_bid_at, o.user_id = lead.leader_id AS winning
      FROM lead JOIN lot_bidders o ON o.lot_id = lead.lot_id
      LEFT JOIN bid ON bid.lot_id = o.lot_id AND bid.user_id = o.user_id
      -- Only the rows that bid now or whose flag changes: rewriting every bidder of a hot lot on each bid was
      -- PostgreSQL's busiest statement at a close (docs/benchmarks.md, "Live nodes").
      WHERE bid.user_id IS NOT NULL OR o.is_winning IS DISTINCT FROM (o.user_id = lead.leader_id)) x
    WHERE b.lot_id = x.lot_id AND b.user_id = x.user_id`.execute(trx);
}

/** The bids past each lot's applied version (a lot's bids come in version order, so the applied ones lead). */
async function unapplied(trx: Kysely<Database>, bids: Bid[]): Promise<Bid[]> {
  const lots = [...new Set(bids.map((b) => b.d.lot_id))];
  const rows = await trx.selectFrom('lot_bid_versions').select(['lot_id', 'version']).where('lot_id', 'in', lots).execute();
  const applied = new Map(rows.map((r) => [r.lot_id, r.version]));
  return bids.filter((b) => b.version > (applied.get(b.d.lot_id) ?? Number.NEGATIVE_INFINITY));
}

/** Each bidder of the run: their last maximum and time, and the index of their first bid (for "Bidder N"). */
function bidderStandings(bids: Bid[]) {
  const byBidder = new Map<string, { lot_id: string; user_id: string; max_bid: number; at: string; first: number }>();
  bids.forEach((b, i) => {
    const key = `${b.d.lot_id} ${b.d.bidder_id}`;
    const first = byBidder.get(key)?.first ?? i;
    byBidder.set(key, { lot_id: b.d.lot_id, user_id: b.d.bidder_id, max_bid: b.d.max_bid, at: b.d.placed_at, first });
  });
  return [...byBidder.values()];
}

/** Moves the lot's version forward; false when this event (or a later one) was already applied. */
async function claim(trx: Kysely<Database>, lotId: string, version: number): Promise<boolean> {
  const row = await trx
    .insertInto('lot_bid_versions')
    .values({ lot_id: lotId, version, leader_id: null })
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

interface HistoryRow { id: string; lot_id: string; bidder_id: string; amount: number; placed_at: string; automatic: boolean; position: number; line_no: number }

function historyRows(lotId: string, lines: BidHistoryEntry[], position: number): HistoryRow[] {
  return lines.map((line, i) => ({
    id: line.id, lot_id: lotId, bidder_id: line.bidder_id, amount: line.amount, placed_at: line.placed_at, automatic: line.automatic, position, line_no: i,
  }));
}

function insertHistory(rows: HistoryRow[]) {
  const column = columnOf(rows);
  return sql`INSERT INTO lot_bid_history (id, lot_id, bidder_id, amount_pence, placed_at, automatic, position, line_no)
    SELECT * FROM unnest(${column('id')}::text[], ${column('lot_id')}::uuid[], ${column('bidder_id')}::text[], ${column('amount')}::bigint[],
      ${column('placed_at')}::timestamptz[], ${column('automatic')}::boolean[], ${column('position')}::bigint[], ${column('line_no')}::int[])
    ON CONFLICT (id) DO NOTHING`;
}
