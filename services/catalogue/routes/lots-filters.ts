/**
 * The auction listings (/auction live, /past-auction past): GET /api/lots/filters/ (filter, sort, page; with
 * filter_counters=true the counters ride along) and GET /api/lots/filters/filter_counters/.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseQuery } from '../../../infra/http/validation';
import { paginate } from '../../../infra/http/pagination';
import { answers } from '../../../infra/http/answers';
import { listingQuery, lotFilterSchema } from '../lots/filter-query';
import { filterContext, filterCounters, listLots } from '../lots/listing';
import { presentLots, viewerOf } from '../lots/present';
import { filterCountersAnswer, lotListingAnswer } from '../lots/list-answers';

export function lotFilterRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/lots/filters/', { schema: { summary: 'Filter values for the lot list', querystring: listingQuery, response: answers({ 200: lotListingAnswer }, 400) } }, async (request) => {
    const q = parseQuery(listingQuery, request.query);
    const fctx = await filterContext(ctx);
    const [{ rows, count }, counters] = await Promise.all([
      listLots(ctx, q, fctx, q.ordering, q.page, q.page_size),
      q.filter_counters ? filterCounters(ctx, q, fctx) : Promise.resolve(undefined),
    ]);
    const page = paginate(await presentLots(ctx, rows, viewerOf(request)), count, q.page, q.page_size, request.url);
    return counters ? { ...page, filter_counters: counters } : page;
  });

  app.get('/api/lots/filters/filter_counters/', { schema: { summary: 'Lot counts per filter value', querystring: lotFilterSchema, response: answers({ 200: filterCountersAnswer }, 400) } }, async (request) => {
    const f = parseQuery(lotFilterSchema, request.query);
    return filterCounters(ctx, f, await filterContext(ctx));
  });
}
