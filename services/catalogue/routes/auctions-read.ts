/**
 * Auctions: GET /api/auctions/ (time=live|next|past, year, check_deadline), GET /api/auctions/status/ (the
 * auction status summary), GET /api/auction_years/, GET /api/bid_increments/.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery, queryBool } from '../../../infra/http/validation';
import { paginate } from '../../../infra/http/pagination';
import { answers } from '../../../infra/http/answers';
import { penceToDecimal } from '../../../domain/shared/money';
import { BID_INCREMENTS } from '../../../domain/catalogue/lot/increments';
import { auctionShape, loadAuctions, type AuctionView } from '../auctions/read';
import { auctionPageAnswer, auctionStatusSummaryAnswer, auctionYearsAnswer, bidIncrementAnswer, type AuctionStatusSummary } from '../auctions/auction-answer';

const auctionsQuery = z.object({
  time: z.enum(['live', 'next', 'past'], { message: 'Choose live, next or past.' }).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  check_deadline: queryBool.optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(25),
});

/** Live and next auctions soonest first; past (and unfiltered) auctions most recent first. */
function ordered(auctions: AuctionView[], time: string | undefined): AuctionView[] {
  if (time === 'live' || time === 'next') return [...auctions].sort((a, b) => a.start_date.getTime() - b.start_date.getTime());
  return auctions;
}

export function auctionStatusSummary(auctions: AuctionView[]): AuctionStatusSummary {
  const live = auctions.filter((a) => a.status === 'live').sort((a, b) => a.end_date.getTime() - b.end_date.getTime())[0];
  const next = auctions.filter((a) => a.status === 'next').sort((a, b) => a.start_date.getTime() - b.start_date.getTime())[0];
  return {
    is_live: live !== undefined,
    live_auction_id: live?.id ?? null,
    live_start_date: live?.start_date.toISOString() ?? null,
    live_end_date: live?.end_date.toISOString() ?? null,
    live_sequence_no: live?.sequence_no ?? null,
    next_auction_id: next?.id ?? null,
    next_start_date: next?.start_date.toISOString() ?? null,
    next_end_date: next?.end_date.toISOString() ?? null,
    next_deadline: next?.bottles_add_deadline.toISOString() ?? null,
  };
}

export function auctionReadRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/auctions/', { schema: { summary: 'List auctions', querystring: auctionsQuery, response: answers({ 200: auctionPageAnswer }, 400) } }, async (request) => {
    const q = parseQuery(auctionsQuery, request.query);
    const now = ctx.clock.now();
    const chosen = ordered(await loadAuctions(ctx.db, now), q.time).filter(
      (a) =>
        (q.time === undefined || a.status === q.time) &&
        (q.year === undefined || a.year === q.year) &&
        (!q.check_deadline || a.bottles_add_deadline.getTime() > now.getTime()),
    );
    const page = chosen.slice((q.page - 1) * q.page_size, q.page * q.page_size).map(auctionShape);
    return paginate(page, chosen.length, q.page, q.page_size, request.url);
  });

  app.get('/api/auctions/status/', { schema: { summary: 'Counts of live, upcoming and past auctions', response: answers({ 200: auctionStatusSummaryAnswer }) } }, async () => auctionStatusSummary(await loadAuctions(ctx.db, ctx.clock.now())));

  app.get('/api/auction_years/', { schema: { summary: 'Years that have auctions', response: answers({ 200: auctionYearsAnswer }) } }, async () => {
    const rows = await ctx.db.selectFrom('auctions').select('year').distinct().orderBy('year', 'desc').execute();
    return rows.map((r) => r.year);
  });

  app.get('/api/bid_increments/', { schema: { summary: 'The bid increment table', response: answers({ 200: z.array(bidIncrementAnswer) }) } }, async () =>
    BID_INCREMENTS.map((band) => ({ from: penceToDecimal(band.from), to: band.to === null ? null : penceToDecimal(band.to), step: penceToDecimal(band.step) })),
  );
}
