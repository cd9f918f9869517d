/**
 * A bidder's spending cap per auction (docs/spending-cap.md):
 * GET /api/spending_caps/ (the caps set), GET|PUT|DELETE /api/spending_caps/{auction_id}/ (own caps only: the user
 * comes from the session, never from the request).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../../infra/http/auth';
import { orNotFound } from '../../infra/http/validation';
import { answers } from '../../infra/http/answers';
import { lotId } from '../bidding/schemas';
import { bidding } from '../bidding/bidding';
import { decimalToPence } from '../../domain/shared/money';
import { NotFound } from '../../domain/shared/errors';
import { spendingCapDecider } from '../../domain/spending-cap/decide';
import type { SpendingCapCommand } from '../../domain/spending-cap/commands';
import { loadAuction } from '../catalogue/auctions/read';
import { AUCTION_NOT_FOUND, spendingCapView, spendingCapViewSchema } from './view';
import { spendingCapStream } from './streams';
import '../../projections/spending-cap/tables';
import { awaitViews } from '../../infra/http/read-your-writes';

export const capBody = z.object({
  cap: z.union([z.string(), z.number()], { error: (i) => (i.input === undefined ? 'This field is required' : 'Enter your cap in pounds, e.g. 500 or 500.50.') })
    .transform((value, ctx) => {
      const pence = decimalToPence(value);
      if (pence === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter your cap in pounds, e.g. 500 or 500.50.' });
        return z.NEVER;
      }
      return pence;
    }),
});

/** The auction's id, lower-cased; one that cannot be an id is an auction that does not exist (404, not the 400). */
const auctionParams = z.object({ id: lotId });
const auctionParam = (params: { id: string }) => orNotFound(() => params.id, AUCTION_NOT_FOUND);

export function spendingCapRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/spending_caps/', { schema: { summary: 'Staff: list spending caps', response: answers({ 200: z.object({ results: z.array(spendingCapViewSchema) }) }, 401) } }, async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db.selectFrom('spending_caps').select('auction_id').where('user_id', '=', user.id)
      .where('cap_pence', 'is not', null).orderBy('updated_at', 'desc').execute();
    return { results: await Promise.all(rows.map((r) => spendingCapView(ctx, user.id, r.auction_id))) };
  });

  app.get('/api/spending_caps/:id/', { schema: { summary: "One user's spending cap", params: auctionParams, response: answers({ 200: spendingCapViewSchema }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    return spendingCapView(ctx, user.id, auctionParam(request.params));
  });

  app.put('/api/spending_caps/:id/', { schema: { summary: "Set a user's spending cap", params: auctionParams, body: capBody, response: answers({ 200: spendingCapViewSchema }, 400, 401, 404, 409) } }, async (request) => {
    const user = requireUser(request);
    const auctionId = auctionParam(request.params);
    const { cap } = request.body;
    const auction = await loadAuction(ctx.db, auctionId, ctx.clock.now());
    if (!auction) throw new NotFound(AUCTION_NOT_FOUND);
    await change(ctx, user.id, auctionId, request.id, {
      type: 'SetSpendingCap', user_id: user.id, auction_id: auctionId, cap, auction_open: auction.status !== 'past', now: ctx.clock.now().toISOString(),
    });
    return spendingCapView(ctx, user.id, auctionId);
  });

  app.delete('/api/spending_caps/:id/', { schema: { summary: "Remove a user's spending cap", params: auctionParams, response: answers({ 200: spendingCapViewSchema }, 400, 401, 404, 409) } }, async (request) => {
    const user = requireUser(request);
    const auctionId = auctionParam(request.params);
    if (!(await loadAuction(ctx.db, auctionId, ctx.clock.now()))) throw new NotFound(AUCTION_NOT_FOUND);
    await change(ctx, user.id, auctionId, request.id, { type: 'RemoveSpendingCap', user_id: user.id, auction_id: auctionId, now: ctx.clock.now().toISOString() });
    return spendingCapView(ctx, user.id, auctionId);
  });
}

/** Appends the change, tells this process's bid path the bidder is capped, and lets the list see it. */
async function change(ctx: AppContext, userId: string, auctionId: string, requestId: string, command: SpendingCapCommand): Promise<void> {
  const streamId = spendingCapStream(userId, auctionId);
  const outcome = await ctx.commands.handle(streamId, spendingCapDecider, command, { user_id: userId, request_id: requestId });
  bidding(ctx).writers.capped.learn([streamId]);
  const last = outcome.append?.events.at(-1);
  await awaitViews(ctx, last);
}
