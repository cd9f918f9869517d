/** What the read models know of a bidder's lots in one auction (domain/spending-cap/exposure.ts reads them). */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { LotStanding } from '../../domain/spending-cap/exposure';

interface LotStandingRow extends LotStanding {
  title: string;
  slug: string;
}

export async function lotStandings(db: Db, userId: string, auctionId: string): Promise<LotStandingRow[]> {
  const { rows } = await sql<LotStandingRow & { max_bid: string | number; hammer_price: string | number | null }>`
    SELECT b.lot_id::text AS lot_id, l.title, l.slug, l.outcome IS NOT NULL AS closed, b.is_winning AS leading,
           b.max_bid_pence AS max_bid, l.winner_id, l.hammer_price_pence AS hammer_price, coalesce(v.version, 0) AS version
    FROM lot_bidders b
    JOIN lots l ON l.id = b.lot_id
    LEFT JOIN lot_bid_versions v ON v.lot_id = b.lot_id
    WHERE b.user_id = ${userId} AND l.auction_id = ${auctionId}`.execute(db);
  return rows.map((r) => ({ ...r, max_bid: Number(r.max_bid), hammer_price: r.hammer_price === null ? null : Number(r.hammer_price), version: Number(r.version) }));
}

/** Titles and slugs of lots the bidder has counted bids on but the bid read model does not list yet. */
export async function lotTitles(db: Db, lotIds: string[]): Promise<Map<string, { title: string; slug: string }>> {
  if (lotIds.length === 0) return new Map();
  const rows = await db.selectFrom('lots').select(['id', 'title', 'slug']).where('id', 'in', lotIds).execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, slug: r.slug }]));
}
