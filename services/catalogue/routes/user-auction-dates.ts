/**
 * The caller's auction lists (limit 777): GET /api/my_auctions/?time=future|past (auctions where they sell or
 * bid), /api/won_lots_auction_dates/, /api/not_won_lots_auction_dates/ (as a buyer), /api/sold_lots_auction_dates/,
 * /api/not_sold_lots_auction_dates/ (as a seller). Most recent first.
 */
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery } from '../../../infra/http/validation';
import { paginate } from '../../../infra/http/pagination';
import { requireUser } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { auctionShape, loadAuctions } from '../auctions/read';
import { auctionPageAnswer } from '../auctions/auction-answer';
import { assertNever } from '../../../domain/shared/decider';

const datesQuery = z.object({
  time: z.enum(['future', 'past'], { message: 'Choose future or past.' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(777).default(777),
});

type Which = 'mine' | 'won' | 'not_won' | 'sold' | 'not_sold';

async function auctionIdsFor(ctx: AppContext, userId: string, which: Which): Promise<Set<string>> {
  const bidOn = ctx.db
    .selectFrom('lot_bidders as b')
    .innerJoin('lots as l', 'l.id', 'b.lot_id')
    .select('l.auction_id')
    .where('b.user_id', '=', userId);
  const selling = ctx.db.selectFrom('lots').select('auction_id').where('seller_id', '=', userId);
  const rows = await (() => {
    switch (which) {
      case 'mine':
        return selling.union(bidOn).execute();
      case 'won':
        return ctx.db.selectFrom('lots').select('auction_id').where('winner_id', '=', userId).execute();
      case 'not_won':
        return bidOn.where('l.outcome', 'is not', null).where(sql<boolean>`l.winner_id is distinct from ${userId}`).execute();
      case 'sold':
        return selling.where('outcome', '=', 'sold').execute();
      case 'not_sold':
        return selling.where('outcome', '=', 'unsold').execute();
      default:
        return assertNever(which);
    }
  })();
  return new Set(rows.map((r) => r.auction_id));
}

export function userAuctionDateRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const route = (url: string, which: Which, summary: string) =>
    app.get(url, { schema: { summary, querystring: datesQuery, response: answers({ 200: auctionPageAnswer }, 400, 401) } }, async (request) => {
      const user = requireUser(request);
      const q = parseQuery(datesQuery, request.query);
      const [ids, auctions] = await Promise.all([auctionIdsFor(ctx, user.id, which), loadAuctions(ctx.db, ctx.clock.now())]);
      const chosen = auctions
        .filter((a) => ids.has(a.id))
        .filter((a) => q.time === undefined || (q.time === 'past') === (a.status === 'past'))
        .sort((a, b) => b.end_date.getTime() - a.end_date.getTime());
      const page = chosen.slice((q.page - 1) * q.limit, q.page * q.limit).map(auctionShape);
      return paginate(page, chosen.length, q.page, q.limit, request.url);
    });

  route('/api/my_auctions/', 'mine', 'Auctions the user took part in');
  route('/api/won_lots_auction_dates/', 'won', 'Auctions in which the user won lots');
  route('/api/not_won_lots_auction_dates/', 'not_won', 'Auctions in which the user bid but did not win');
  route('/api/sold_lots_auction_dates/', 'sold', "Auctions in which the user's lots sold");
  route('/api/not_sold_lots_auction_dates/', 'not_sold', "Auctions in which the user's lots did not sell");
}
