/**
 * The public bid history of a lot, newest first. Bidders are anonymised: the caller's own lines read "You", every
 * other bidder "Bidder N" with N fixed per lot (order of first bid). Amounts are what the bid stood at, never a
 * secret maximum.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { penceToDecimal } from '../../../domain/shared/money';

import type { BidHistoryLine } from './list-answers';

export type { BidHistoryLine };

export function bidderLabel(bidderId: string, bidderNo: number | null, callerId: string | null): string {
  return callerId !== null && bidderId === callerId ? 'You' : `Bidder ${bidderNo ?? '?'}`;
}

export async function bidHistory(ctx: AppContext, lotId: string, callerId: string | null, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('lot_bid_history as h')
      .leftJoin('lot_bidders as b', (j) => j.onRef('b.lot_id', '=', 'h.lot_id').onRef('b.user_id', '=', 'h.bidder_id'))
      .select(['h.id', 'h.bidder_id', 'h.amount_pence', 'h.placed_at', 'h.automatic', 'b.bidder_no'])
      .where('h.lot_id', '=', lotId)
      .orderBy('h.position', 'desc')
      .orderBy('h.line_no', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    ctx.db.selectFrom('lot_bid_history').select(sql<number>`count(*)::int`.as('n')).where('lot_id', '=', lotId).executeTakeFirstOrThrow(),
  ]);
  const results: BidHistoryLine[] = rows.map((r) => ({
    id: r.id,
    bidder: bidderLabel(r.bidder_id, r.bidder_no, callerId),
    amount: penceToDecimal(r.amount_pence),
    created_at: r.placed_at.toISOString(),
    is_auto: r.automatic,
  }));
  return { results, count: total.n };
}
