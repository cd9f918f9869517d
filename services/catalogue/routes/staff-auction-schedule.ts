/**
 * POST /api/staff/auctions/{id}/schedule/ {start_date, end_date}: staff move an auction's dates before it starts
 * (RescheduleAuction), then each of its lots keeps its place in the new window: its start and end move by the same
 * offsets from the auction's start and end as before (so staggered ends stay staggered), one RescheduleLotEnd per lot.
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody } from '../../../infra/http/validation';
import { requireStaff } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { bidding } from '../../bidding/bidding';
import { NotFound } from '../../../domain/shared/errors';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';
import { auctionStream } from '../streams';
import { idFromParams, metadataOf, settle } from '../http';
import { auctionShape, loadAuction, rescheduledAuctionView } from '../auctions/read';
import { staffAuctionLotsAnswer } from '../auctions/auction-answer';
import { lotRowAfter } from '../lots/decided-row';
import { staffLots } from './staff-lot-edits';

const instant = z.iso.datetime({ offset: true, message: 'Enter a valid date and time (ISO 8601).' });
export const scheduleBody = z.object({ start_date: instant, end_date: instant });

export function staffAuctionScheduleRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/staff/auctions/:id/schedule/', { schema: { summary: "Staff: change an auction's dates", body: scheduleBody, response: answers({ 200: staffAuctionLotsAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const auctionId = idFromParams(request, 'Auction not found.');
    const body = parseBody(scheduleBody, request.body);
    const before = await loadAuction(ctx.db, auctionId, ctx.clock.now());
    if (!before) throw new NotFound('Auction not found.');
    const outcome = await ctx.commands.handle(
      auctionStream(auctionId),
      auctionDecider,
      { type: 'RescheduleAuction', auction_id: auctionId, start_date: body.start_date, end_date: body.end_date, by: staff.id, now: ctx.clock.now().toISOString() },
      metadataOf(request),
    );
    await settle(ctx, outcome);

    const start = Date.parse(body.start_date);
    const end = Date.parse(body.end_date);
    const lots = await ctx.db
      .selectFrom('lots').select(['id', 'starts_at', 'ends_at']).where('auction_id', '=', auctionId).where('withdrawn_at', 'is', null)
      .orderBy('consign_position').execute();
    let last = null;
    const decided = new Map<string, Awaited<ReturnType<ReturnType<typeof bidding>['writers']['submit']>>>();
    for (const lot of lots) {
      const startsAt = new Date(start + (lot.starts_at.getTime() - before.start_date.getTime())).toISOString();
      const endsAt = new Date(end + (lot.ends_at.getTime() - before.end_date.getTime())).toISOString();
      const decision = await bidding(ctx).writers.submit(lot.id, {
        build: (now) => ({ type: 'RescheduleLotEnd', lot_id: lot.id, starts_at: startsAt, ends_at: endsAt, by: staff.id, now }),
        metadata: metadataOf(request),
      });
      if (decision.append) {
        last = decision;
        decided.set(lot.id, decision);
      }
    }
    const caughtUp = await settle(ctx, last ?? outcome);
    const listed = await loadAuction(ctx.db, auctionId, ctx.clock.now()) ?? before;
    const rows = await ctx.db.selectFrom('lots').selectAll().where('auction_id', '=', auctionId).orderBy('consign_position').execute();
    if (caughtUp) return { auction: auctionShape(listed), lots: await staffLots(ctx, rows, request) };
    // Views behind: the new dates and lot ends from what was just decided, laid over what the views last showed.
    const moved = outcome.events.find((e) => e.type === 'AuctionRescheduled');
    const auction = moved?.type === 'AuctionRescheduled' ? rescheduledAuctionView(listed, moved.data, ctx.clock.now()) : listed;
    const after = rows.map((r) => { const d = decided.get(r.id); return d ? lotRowAfter(r, d.events, d.append) : r; });
    return { auction: auctionShape(auction), lots: await staffLots(ctx, after, request) };
  });
}
