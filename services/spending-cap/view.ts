/** The API shape of a bidder's cap in one auction, with the exposure so far and the lots that make it up. */
import { z } from 'zod';
import type { AppContext } from '../context';
import { money } from '../../infra/http/answers';
import { auctionShape, loadAuction, type AuctionApi } from '../catalogue/auctions/read';
import { penceToDecimal } from '../../domain/shared/money';
import { exposureByLot, totalExposure } from '../../domain/spending-cap/exposure';
import { NotFound } from '../../domain/shared/errors';
import { freshen, loadCapStream } from './cap-context';
import { lotStandings, lotTitles } from './standings';

export const AUCTION_NOT_FOUND = 'Auction not found.';

const capAuction: z.ZodType<Pick<AuctionApi, 'id' | 'year' | 'sequence_no' | 'start_date' | 'end_date' | 'status'>> = z.object({
  id: z.string(), year: z.number().int(), sequence_no: z.number().int(), start_date: z.string(), end_date: z.string(), status: z.enum(['next', 'live', 'past']),
});

export const spendingCapViewSchema = z.object({
  auction: capAuction,
  cap: money.nullable(),
  exposure: money,
  remaining: money.nullable(),
  over_cap: z.boolean(),
  lots: z.array(z.object({ lot_id: z.string(), title: z.string(), slug: z.string(), exposure: money, kind: z.enum(['leading', 'won']) })),
});
type SpendingCapView = z.infer<typeof spendingCapViewSchema>;

export async function spendingCapView(ctx: AppContext, userId: string, auctionId: string): Promise<SpendingCapView> {
  const auction = await loadAuction(ctx.db, auctionId, ctx.clock.now());
  if (!auction) throw new NotFound(AUCTION_NOT_FOUND);
  const [cap, listed] = await Promise.all([loadCapStream(ctx, userId, auctionId), lotStandings(ctx.db, userId, auctionId)]);
  const standings = freshen(ctx, userId, listed, Object.keys(cap.state.counted));
  const byLot = exposureByLot(userId, standings, cap.state.counted);
  const exposure = totalExposure(byLot);
  const known = new Map(listed.map((s) => [s.lot_id, s]));
  const closed = new Set(standings.filter((s) => s.closed).map((s) => s.lot_id));
  const titles = await lotTitles(ctx.db, [...byLot.keys()].filter((id) => !known.has(id)));
  const lots = [...byLot.entries()]
    .filter(([, amount]) => amount > 0)
    .map(([lotId, amount]) => {
      const standing = known.get(lotId);
      const names = standing ?? titles.get(lotId) ?? { title: '', slug: '' };
      return { lot_id: lotId, title: names.title, slug: names.slug, exposure: penceToDecimal(amount), kind: closed.has(lotId) ? 'won' as const : 'leading' as const };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
  const { id, year, sequence_no, start_date, end_date, status } = auctionShape(auction);
  const limit = cap.state.cap;
  return {
    auction: { id, year, sequence_no, start_date, end_date, status },
    cap: limit === null ? null : penceToDecimal(limit),
    exposure: penceToDecimal(exposure),
    remaining: limit === null ? null : penceToDecimal(Math.max(0, limit - exposure)),
    over_cap: limit !== null && exposure > limit,
    lots,
  };
}
