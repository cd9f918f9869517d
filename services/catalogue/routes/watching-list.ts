/**
 * The caller's watching list: POST /api/add_to_watching_list/?lot={id}, GET /api/lots_from_watching_list/,
 * (DELETE /api/delete_watching_list/ lives in services/account-area). Each user's list is their own stream (`watching-<user_id>`), so a
 * user can only ever change their own list.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery } from '../../../infra/http/validation';
import { requireUser } from '../../../infra/http/auth';
import { answers } from '../../../infra/http/answers';
import { watchingDecider } from '../../../domain/catalogue/watching/decide';
import { watchingStream } from '../../../domain/catalogue/watching/events';
import { idOr404, metadataOf, requireLot, settle } from '../http';
import { lotPage, lotPageQuery } from '../lots/lot-page';
import { lotPageAnswer } from '../lots/lot-answer';
import { watchingChangeAnswer, type WatchingChange } from '../lots/list-answers';

function lotIdOf(request: FastifyRequest): string {
  const fromQuery = (request.query as { lot?: unknown } | undefined)?.lot;
  const fromBody = (request.body as { lot?: unknown } | undefined)?.lot;
  return idOr404(fromQuery ?? fromBody, 'Lot not found.');
}

export function watchingListRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const change = (type: 'AddLotToWatchingList' | 'RemoveLotFromWatchingList') => async (request: FastifyRequest): Promise<WatchingChange> => {
    const user = requireUser(request);
    const lotId = lotIdOf(request);
    if (type === 'AddLotToWatchingList') await requireLot(ctx, lotId);
    const outcome = await ctx.commands.handle(
      watchingStream(user.id),
      watchingDecider,
      { type, user_id: user.id, lot_id: lotId, now: ctx.clock.now().toISOString() },
      metadataOf(request),
    );
    await settle(ctx, outcome);
    const watched = type === 'AddLotToWatchingList';
    return {
      detail: watched ? 'The lot is in your watching list.' : 'The lot was removed from your watching list.',
      lot: lotId,
      is_watched: watched,
    };
  };

  app.post('/api/add_to_watching_list/', { schema: { summary: 'Watch a lot (`lot` in query or body)', response: answers({ 200: watchingChangeAnswer }, 401, 404) } }, change('AddLotToWatchingList'));
  // DELETE /api/delete_watching_list/ (one lot, or the whole list) is answered by services/account-area/watching-clear.ts.

  app.get('/api/lots_from_watching_list/', { schema: { summary: 'Lots in the watching list', querystring: lotPageQuery, response: answers({ 200: lotPageAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = parseQuery(lotPageQuery, request.query);
    const watched = ctx.db.selectFrom('watching_list').select('lot_id').where('user_id', '=', user.id).where('watched', '=', true);
    const { rows_total_pence: _sum, ...page } = await lotPage(ctx, request, (eb) => eb('id', 'in', watched), {
      page: q.page, pageSize: q.page_size, order: 'ends_asc',
    });
    return page;
  });
}
