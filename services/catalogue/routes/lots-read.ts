/**
 * Reading lots: GET /api/lots/ (featured/live blocks), GET /api/lots/{id}/ (with the caller's bid_stats),
 * POST /api/get_lots_updated_data/ (the live numbers of the lots a page shows), GET /api/bids/?lot= (history).
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { parseBody, parseQuery } from '../../../infra/http/validation';
import { answers } from '../../../infra/http/answers';
import { pageAnswer, paginate } from '../../../infra/http/pagination';
import { penceToDecimal } from '../../../domain/shared/money';
import { stepFor } from '../../../domain/catalogue/lot/increments';
import { idFromParams, idOr404, requireLot } from '../http';
import { lotsQuery } from '../lots/filter-query';
import { filterContext, listLots } from '../lots/listing';
import { presentLot, presentLots, viewerOf } from '../lots/present';
import { extraTime, isOnBidding } from '../lots/shape';
import { bidHistory } from '../lots/bid-history';
import { noteForLot } from '../../account-area/lot-notes';
import { recordLotViewQuietly } from '../../account-area/recently-viewed';
import { lotDetailAnswer, lotPageAnswer } from '../lots/lot-answer';
import { bidHistoryLineAnswer, lotsUpdatedDataAnswer } from '../lots/list-answers';

const updatedDataBody = z.object({
  id_list: z.array(z.string().uuid({ message: 'Enter valid lot ids.' })).max(500, 'At most 500 lots at a time.'),
});

const bidsQuery = z.object({
  lot: z.string(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});

export function lotReadRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/lots/', { schema: { summary: 'List and filter lots', querystring: lotsQuery, response: answers({ 200: lotPageAnswer }, 400) } }, async (request) => {
    const q = parseQuery(lotsQuery, request.query);
    const { rows, count } = await listLots(ctx, q, await filterContext(ctx), q.ordering, q.page, q.page_size);
    return paginate(await presentLots(ctx, rows, viewerOf(request)), count, q.page, q.page_size, request.url);
  });

  app.get('/api/lots/:id/', { schema: { summary: 'One lot (by id or slug)', response: answers({ 200: lotDetailAnswer }, 404) } }, async (request) => {
    const row = await requireLot(ctx, idFromParams(request, 'Lot not found.'));
    const viewer = viewerOf(request);
    // The caller's own note, and (signed in) the view recorded for the recently viewed list, run alongside the lot's
    // own reads (docs/account-area.md); recording never fails the page.
    const [lot, note] = await Promise.all([
      presentLot(ctx, row, viewer),
      noteForLot(ctx, viewer.userId, row.id),
      viewer.userId === null ? undefined : recordLotViewQuietly(ctx, request.log, viewer.userId, row.id),
    ]);
    return { ...lot, note };
  });

  app.post('/api/get_lots_updated_data/', { schema: { summary: 'Fresh bid data of several lots', body: updatedDataBody, response: answers({ 200: lotsUpdatedDataAnswer }, 400) } }, async (request) => {
    const { id_list } = parseBody(updatedDataBody, request.body);
    const rows = id_list.length === 0 ? [] : await ctx.db.selectFrom('lots').selectAll().where('id', 'in', id_list).execute();
    const now = ctx.clock.now();
    const userId = request.user?.id ?? null;
    return {
      lots_updated_data: rows.map((r) => ({
        id: r.id,
        current_bid: r.current_price_pence === null ? null : penceToDecimal(r.current_price_pence),
        bid_step: penceToDecimal(stepFor(r.current_price_pence ?? r.opening_bid_pence)),
        reserve_met: r.reserve_met,
        on_bidding: isOnBidding(r, now),
        bid_count: r.bid_count,
        is_winning: userId !== null && r.leader_id === userId,
      })),
      lots_updated_extra_time: rows.flatMap((r) => {
        const extra = extraTime(r);
        return extra === null ? [] : [{ id: r.id, extra_time: extra, end_date: r.ends_at.toISOString() }];
      }),
      // Finished: closed, or past its end and only waiting for the closing scheduler (no more bids either way).
      finished_lots: rows.filter((r) => r.outcome !== null || r.ends_at.getTime() <= now.getTime()).map((r) => r.id),
    };
  });

  app.get('/api/bids/', { schema: { summary: 'Bid history of a lot', querystring: bidsQuery, response: answers({ 200: pageAnswer(bidHistoryLineAnswer) }, 400, 404) } }, async (request) => {
    const q = parseQuery(bidsQuery, request.query);
    const lotId = idOr404(q.lot, 'Lot not found.');
    await requireLot(ctx, lotId);
    const { results, count } = await bidHistory(ctx, lotId, request.user?.id ?? null, q.page, q.page_size);
    return paginate(results, count, q.page, q.page_size, request.url);
  });
}
