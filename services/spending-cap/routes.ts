/**
 * A bidder's spending cap per auction (docs/spending-cap.md):
 * GET /api/spending_caps/ (the caps set), GET|PUT|DELETE /api/spending_caps/{auction_id}/ (own caps only: the user
 * comes from the session, never from the request).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireUser } from '../http/auth';
import { parseBody } from '../http/validation';
import { isUuid } from '../bidding/schemas';
import { bidding } from '../bidding/bidding';
import { decimalToPence } from '../../domain/shared/money';
import { NotFound } from '../../domain/shared/errors';
import { spendingCapDecider } from '../../domain/spending-cap/decide';
import type { SpendingCapCommand } from '../../domain/spending-cap/commands';
import { loadAuction } from '../catalogue/auctions/read';
import { AUCTION_NOT_FOUND, spendingCapView } from './view';
import { spendingCapStream } from './streams';
import '../../projections/spending-cap/tables';
import { awaitViews } from '../http/read-your-writes';

const capBody = z.object({
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

function auctionParam(id: string): string {
  if (!isUuid(id)) throw new NotFound(AUCTION_NOT_FOUND);
  return id.toLowerCase();
}

export function spendingCapRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/spending_caps/', { schema: { summary: 'Staff: list spending caps' } }, async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db.selectFrom('spending_caps').select('auction_id').where('user_id', '=', user.id)
      .where('cap_pence', 'is not', null).orderBy('updated_at', 'desc').execute();
    return { results: await Promise.all(rows.map((r) => spendingCapView(ctx, user.id, r.auction_id))) };
  });

  app.get<{ Params: { id: string } }>('/api/spending_caps/:id/', { schema: { summary: "One user's spending cap" } }, async (request) => {
    const user = requireUser(request);
    return spendingCapView(ctx, user.id, auctionParam(request.params.id));
  });

  app.put<{ Params: { id: string } }>('/api/spending_caps/:id/', { schema: { summary: "Set a user's spending cap", body: capBody } }, async (request) => {
    const user = requireUser(request);
    const auctionId = auctionParam(request.params.id);
    const { cap } = parseBody(capBody, request.body);
    const auction = await loadAuction(ctx.db, auctionId, ctx.clock.now());
    if (!auction) throw new NotFound(AUCTION_NOT_FOUND);
    await change(ctx, user.id, auctionId, request.id, {
      type: 'SetSpendingCap', user_id: user.id, auction_id: auctionId, cap, auction_open: auction.status !== 'past', now: ctx.clock.now().toISOString(),
    });
    return spendingCapView(ctx, user.id, auctionId);
  });

  app.delete<{ Params: { id: string } }>('/api/spending_caps/:id/', { schema: { summary: "Remove a user's spending cap" } }, async (request) => {
    const user = requireUser(request);
    const auctionId = auctionParam(request.params.id);
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
