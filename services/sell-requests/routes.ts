/**
 * The seller's sell-request calls: POST /api/sell_request/?type=new_items|from_storage, GET /api/sell_requests/ and
 * GET /api/sell_requests/{id}/ (own requests only; another user's answers 404).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { parseQuery } from '../http/validation';
import { requireUser } from '../http/auth';
import { idFromParams } from '../catalogue/http';
import { SELL_MSG } from '../../domain/sell-request/messages';
import { fromStorageBody, newItemsBody, typeQuery } from './schemas';
import { submitNewItems } from './submit-new-items';
import { submitFromStorage } from './from-storage';
import { renderSellRequestPdf, sellRequestFileName } from './pdf';
import { ownRequest, ownRequests } from './views';

export function sellRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/sell_request/', { schema: { summary: 'Submit a sell request (new items, or lots from storage)', querystring: typeQuery, body: z.union([newItemsBody, fromStorageBody]) } }, async (request, reply) => {
    const { type } = parseQuery(typeQuery, request.query);
    if (type === 'from_storage') return reply.status(201).send(await submitFromStorage(ctx, request));
    const { id, command: c, auction } = await submitNewItems(ctx, request);
    const pdf = await renderSellRequestPdf({
      reference: c.reference, delivery: c.delivery!, items: c.items, created_at: new Date(c.now), pick_up_date: c.pick_up_date, boxes: c.boxes,
      insurance: c.insurance, address: c.address!, auction_label: `the auction of ${auction.start_date.toISOString().slice(0, 10)} (${auction.year}-${auction.sequence_no})`,
    });
    return reply.status(201).send({ id, reference: c.reference, status: 'submitted', file_data: pdf.toString('base64'), file_name: sellRequestFileName(c.reference) });
  });

  app.get('/api/sell_requests/', { schema: { summary: "The user's sell requests" } }, async (request) => ({ results: await ownRequests(ctx, requireUser(request).id) }));

  app.get('/api/sell_requests/:id/', { schema: { summary: 'One sell request' } }, async (request) => {
    const user = requireUser(request);
    return ownRequest(ctx, user.id, idFromParams(request, SELL_MSG.notFound));
  });
}
