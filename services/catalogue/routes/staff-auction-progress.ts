/**
 * Staff auction desk calls (docs/staff-api.md "Staff back office"):
 *   GET  /api/staff/auctions/                 every auction, newest start first
 *   POST /api/staff/auctions/{id}/stagger/    lot i (lot-number order) ends at the auction end + i * interval_seconds
 *   GET  /api/staff/auctions/{id}/progress/   live counts, bids, hammer so far, the next and the last lot end
 */
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody } from '../../../infra/http/validation';
import { requireStaff } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { bidding } from '../../bidding/bidding';
import { NotFound, RuleBroken } from '../../../domain/shared/errors';
import { penceToDecimal } from '../../../domain/shared/money';
import { idFromParams, metadataOf, settle } from '../http';
import { auctionShape, loadAuction, loadAuctions } from '../auctions/read';
import { auctionAnswer, staffAuctionLotsAnswer, staffAuctionProgressAnswer } from '../auctions/auction-answer';
import { lotRowAfter } from '../lots/decided-row';
import { staffLots } from './staff-lot-edits';

export const MAX_STAGGER_SECONDS = 600;
export const STAGGER_STARTED = 'The lot end times can no longer be changed: this auction has started.';

export const staggerBody = z.object({
  interval_seconds: z
    .number({ message: `Enter a whole number of seconds from 0 to ${MAX_STAGGER_SECONDS}.` })
    .int(`Enter a whole number of seconds from 0 to ${MAX_STAGGER_SECONDS}.`)
    .min(0, `Enter a whole number of seconds from 0 to ${MAX_STAGGER_SECONDS}.`)
    .max(MAX_STAGGER_SECONDS, `Enter a whole number of seconds from 0 to ${MAX_STAGGER_SECONDS}.`),
});

export function staffAuctionProgressRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/staff/auctions/', { schema: { summary: 'Staff: list auctions', response: answers({ 200: z.array(auctionAnswer) }, 401, 403) } }, async (request) => {
    requireStaff(request);
    return (await loadAuctions(ctx.db, ctx.clock.now())).map(auctionShape);
  });

  app.post('/api/staff/auctions/:id/stagger/', { schema: { summary: "Staff: stagger the lots' end times", body: staggerBody, response: answers({ 200: staffAuctionLotsAnswer }, 400, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const auctionId = idFromParams(request, 'Auction not found.');
    const { interval_seconds } = parseBody(staggerBody, request.body);
    const auction = await loadAuction(ctx.db, auctionId, ctx.clock.now());
    if (!auction) throw new NotFound('Auction not found.');
    if (ctx.clock.now() >= auction.start_date) throw new RuleBroken(STAGGER_STARTED);
    // Withdrawn lots are out of the sale: the others are numbered without gaps.
    const lots = await ctx.db
      .selectFrom('lots').select('id').where('auction_id', '=', auctionId).where('withdrawn_at', 'is', null)
      .orderBy('consign_position').execute();
    // One command per lot (each lot's own stream and writer), each with the staff member's id; in order, so a
    // refusal part-way (the auction started meanwhile) leaves a prefix done, and repeating the call finishes it.
    let last = null;
    const decided = new Map<string, Awaited<ReturnType<ReturnType<typeof bidding>['writers']['submit']>>>();
    for (const [i, lot] of lots.entries()) {
      const endsAt = new Date(auction.end_date.getTime() + i * interval_seconds * 1000).toISOString();
      const decision = await bidding(ctx).writers.submit(lot.id, {
        build: (now) => ({ type: 'RescheduleLotEnd', lot_id: lot.id, ends_at: endsAt, by: staff.id, now }),
        metadata: metadataOf(request),
      });
      if (decision.append) {
        last = decision;
        decided.set(lot.id, decision);
      }
    }
    const caughtUp = last ? await settle(ctx, last) : true;
    const rows = await ctx.db.selectFrom('lots').selectAll().where('auction_id', '=', auctionId).orderBy('consign_position').execute();
    // Views behind: the new ends from what was just decided, laid over the rows as the view last showed them.
    const after = caughtUp ? rows : rows.map((r) => { const d = decided.get(r.id); return d ? lotRowAfter(r, d.events, d.append) : r; });
    return { auction: auctionShape(auction), lots: await staffLots(ctx, after, request) };
  });

  app.get('/api/staff/auctions/:id/progress/', { schema: { summary: "Staff: an auction's progress", response: answers({ 200: staffAuctionProgressAnswer }, 401, 403, 404) } }, async (request) => {
    requireStaff(request);
    const auctionId = idFromParams(request, 'Auction not found.');
    const now = ctx.clock.now();
    const auction = await loadAuction(ctx.db, auctionId, now);
    if (!auction) throw new NotFound('Auction not found.');
    const { rows } = await sql<{
      total: number; scheduled: number; open: number; closed: number; sold: number; unsold: number; withdrawn: number;
      bids: number; hammer: string | null; last_end: Date | null;
    }>`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE outcome IS NULL AND starts_at > ${now})::int AS scheduled,
        count(*) FILTER (WHERE outcome IS NULL AND starts_at <= ${now})::int AS open,
        count(*) FILTER (WHERE outcome IS NOT NULL)::int AS closed,
        count(*) FILTER (WHERE outcome = 'sold')::int AS sold,
        count(*) FILTER (WHERE outcome = 'unsold' AND withdrawn_at IS NULL)::int AS unsold,
        count(*) FILTER (WHERE withdrawn_at IS NOT NULL)::int AS withdrawn,
        coalesce(sum(bid_count), 0)::int AS bids,
        sum(hammer_price_pence) FILTER (WHERE outcome = 'sold')::text AS hammer,
        max(ends_at) FILTER (WHERE withdrawn_at IS NULL) AS last_end
      FROM lots WHERE auction_id = ${auctionId}`.execute(ctx.db);
    const p = rows[0]!;
    const next = await ctx.db
      .selectFrom('lots').select(['id', 'reference_no', 'title', 'ends_at'])
      .where('auction_id', '=', auctionId).where('outcome', 'is', null)
      .orderBy('ends_at').orderBy('consign_position').limit(1).executeTakeFirst();
    return {
      auction: auctionShape(auction),
      now: now.toISOString(),
      lots: { total: p.total, scheduled: p.scheduled, open: p.open, closed: p.closed, sold: p.sold, unsold: p.unsold, withdrawn: p.withdrawn },
      bids: p.bids,
      hammer_total: penceToDecimal(p.hammer === null ? 0 : Number(p.hammer)),
      next_lot: next ? { id: next.id, reference_no: next.reference_no, title: next.title, ends_at: next.ends_at.toISOString() } : null,
      last_end: p.last_end?.toISOString() ?? null,
    };
  });
}
