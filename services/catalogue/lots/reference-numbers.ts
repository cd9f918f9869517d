/**
 * Lot reference numbers, "<year><sequence>-<n>" with n counting up within the auction (readable for staff and
 * bidders). The numbers come from one counter row per auction (migration 0790), reserved atomically, so two
 * consignments at the same instant never share a number; the first use in an auction starts after the lots it
 * already holds.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';

export interface NumberedAuction { id: string; year: number; sequence_no: number }

/** Reserves `count` consecutive reference numbers in the auction. */
export async function reserveLotReferenceNos(ctx: AppContext, auction: NumberedAuction, count = 1): Promise<string[]> {
  if (count < 1) return [];
  // The counter first: once it exists the lots read model is not read at all (a consignment never waits on it).
  const bumped = await sql<{ last_no: number }>`
    UPDATE lot_reference_counters SET last_no = last_no + ${count} WHERE auction_id = ${auction.id} RETURNING last_no`.execute(ctx.db);
  const { rows } = bumped.rows.length > 0 ? bumped : await sql<{ last_no: number }>`
    INSERT INTO lot_reference_counters AS c (auction_id, last_no)
    VALUES (${auction.id}, (SELECT count(*)::int FROM lots WHERE auction_id = ${auction.id}) + ${count})
    ON CONFLICT (auction_id) DO UPDATE SET last_no = c.last_no + ${count}
    RETURNING last_no`.execute(ctx.db);
  const first = rows[0].last_no - count + 1;
  const prefix = `${auction.year}${String(auction.sequence_no).padStart(2, '0')}`;
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(first + i).padStart(4, '0')}`);
}
