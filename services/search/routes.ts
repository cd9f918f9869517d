/**
 * The search calls (spec 2 section 7, docs/api.md "Search"): GET /api/search_lots/, its filter counters and its
 * suggestions. Anyone may search; the lots come in the Lot API shape of the listings.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { paginate } from '../../infra/http/pagination';
import { filterContext } from '../catalogue/lots/listing';
import type { LotFilter } from '../catalogue/lots/filter-query';
import type { FilterContext } from '../catalogue/lots/lot-query';
import { presentLots, viewerOf } from '../catalogue/lots/present';
import { lotPageAnswer } from '../catalogue/lots/lot-answer';
import { filterCountersAnswer } from '../catalogue/lots/list-answers';
import { countersQuery, scopeOf, searchQuery, suggestionsQuery, type SearchScope } from './search-query';
import { searchCounters, searchLots } from './search-lots';
import { suggestions, suggestionSchema } from './suggestions';
import { hasTrigram } from './trigram';
import { resolveQuery } from './resolve';

export function searchRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/search_lots/', { schema: { summary: 'Full-text lot search', querystring: searchQuery, response: answers({ 200: lotPageAnswer }, 400) } }, async (request) => {
    const q = request.query;
    const scope = scopeOf(q);
    const [fctx, resolved] = await Promise.all([searchFilterContext(ctx, q), resolve(ctx, scope)]);
    const { rows, count } = await searchLots(ctx, q, scope, resolved, fctx, q.ordering, q.page, q.page_size);
    return paginate(await presentLots(ctx, rows, viewerOf(request)), count, q.page, q.page_size, request.url);
  });

  app.get('/api/search_lots/filter_counters/', { schema: { summary: 'Filter counts for a search', querystring: countersQuery, response: answers({ 200: filterCountersAnswer }, 400) } }, async (request) => {
    const q = request.query;
    const scope = scopeOf(q);
    const [fctx, resolved] = await Promise.all([searchFilterContext(ctx, q), resolve(ctx, scope)]);
    return searchCounters(ctx, q, scope, resolved, fctx);
  });

  app.get('/api/search_lots/suggestions/', { schema: { summary: 'Search suggestions as you type', querystring: suggestionsQuery, response: answers({ 200: z.object({ suggestions: z.array(suggestionSchema) }) }, 400) } }, async (request) => {
    const q = request.query;
    const scope = scopeOf({ search: q.search, strict_search: q.strict_search, sold_lot: q.is_sold, live_lot: q.is_live });
    return { suggestions: await suggestions(ctx, scope, await resolve(ctx, scope)) };
  });
}

const resolve = async (ctx: AppContext, scope: SearchScope) => resolveQuery(ctx, scope, await hasTrigram(ctx));

/**
 * The auctions (with their per-auction lot counts) are loaded only when an auction-level filter (live, past, year,
 * auction) needs them: on 100,000 lots that read alone costs more than a search.
 */
async function searchFilterContext(ctx: AppContext, f: LotFilter): Promise<FilterContext> {
  const needsAuctions = f.live === true || f.past === true || f.year.length > 0 || f.auction.length > 0;
  return needsAuctions ? filterContext(ctx) : { now: ctx.clock.now(), auctions: [] };
}
