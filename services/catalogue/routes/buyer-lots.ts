/**
 * GET /api/user_lots_view/?won=true|false&auction=: the buyer's won lots (sold to them, or currently winning a
 * lot still open) and lost ones (closed to someone else or unsold, or outbid on a lot still open).
 */
import { z } from 'zod';
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery, queryBool } from '../../../infra/http/validation';
import { requireUser } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { lotPage, lotPageQuery } from '../lots/lot-page';
import { lotPageAnswer } from '../lots/lot-answer';

const userLotsQuery = lotPageQuery.extend({
  won: queryBool.default(true),
  auction: z.string().uuid({ message: 'Enter a valid auction id.' }).optional(),
});

export function buyerLotRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/user_lots_view/', { schema: { summary: 'Lots the user bid on, won or watches', querystring: userLotsQuery, response: answers({ 200: lotPageAnswer }, 400, 401) } }, async (request) => {
    const me = requireUser(request).id;
    const q = parseQuery(userLotsQuery, request.query);
    const bidOn = ctx.db.selectFrom('lot_bidders').select('lot_id').where('user_id', '=', me);
    const { rows_total_pence: _sum, ...page } = await lotPage(
      ctx,
      request,
      (eb) => {
        // Null-safe: "not winning" must hold for lots with no winner or leader yet.
        const winning = sql<SqlBool>`(coalesce(winner_id = ${me}, false) or (outcome is null and coalesce(leader_id = ${me}, false)))`;
        return eb.and([
          eb('id', 'in', bidOn),
          q.won ? winning : eb.not(winning),
          ...(q.auction ? [eb('auction_id', '=', q.auction)] : []),
        ]);
      },
      { page: q.page, pageSize: q.page_size },
    );
    return page;
  });
}
