/** POST /api/staff/auctions/: staff create an auction (domain/catalogue/auction CreateAuction on `auction-<uuid>`). */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody } from '../../../infra/http/validation';
import { requireStaff } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';
import { auctionStream } from '../streams';
import { metadataOf, settle } from '../http';
import { auctionShape, createdAuctionView, loadAuction } from '../auctions/read';
import { auctionAnswer } from '../auctions/auction-answer';

const instant = z.iso.datetime({ offset: true, message: 'Enter a valid date and time (ISO 8601).' });

export const createAuctionBody = z.object({
  start_date: instant,
  end_date: instant,
  /** Defaults to the start date's year. */
  year: z.number().int().optional(),
  /** Defaults to the next number in that year. */
  sequence_no: z.number().int().optional(),
  /** Defaults to the start date (sellers may add bottles until the auction starts). */
  bottles_add_deadline: instant.optional(),
});

export function staffAuctionRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/staff/auctions/', { schema: { summary: 'Staff: create an auction', body: createAuctionBody, response: answers({ 201: auctionAnswer }, 400, 401, 403) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const body = parseBody(createAuctionBody, request.body);
    const year = body.year ?? new Date(body.start_date).getUTCFullYear();
    const sequenceNo = body.sequence_no ?? (await nextSequenceNo(ctx, year));
    const auctionId = randomUUID();
    const outcome = await ctx.commands.handle(
      auctionStream(auctionId),
      auctionDecider,
      {
        type: 'CreateAuction',
        auction_id: auctionId,
        start_date: body.start_date,
        end_date: body.end_date,
        year,
        sequence_no: sequenceNo,
        bottles_add_deadline: body.bottles_add_deadline ?? body.start_date,
        by: staff.id,
        now: ctx.clock.now().toISOString(),
      },
      metadataOf(request),
    );
    await settle(ctx, outcome);
    // From the AuctionCreated just appended: the auctions view may still be behind (never a reason to fail).
    const created = outcome.events.find((e) => e.type === 'AuctionCreated');
    const auction = created?.type === 'AuctionCreated' ? createdAuctionView(created.data, ctx.clock.now()) : await loadAuction(ctx.db, auctionId, ctx.clock.now());
    if (!auction) throw new Error(`auction ${auctionId} was not created`);
    return reply.status(201).send(auctionShape(auction));
  });
}

async function nextSequenceNo(ctx: AppContext, year: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('auctions')
    .select(sql<number>`coalesce(max(sequence_no), 0)::int + 1`.as('next'))
    .where('year', '=', year)
    .executeTakeFirstOrThrow();
  return row.next;
}
