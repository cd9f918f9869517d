/**
 * The seller's sell-request calls: POST /api/sell_request/?type=new_items|from_storage, GET /api/sell_requests/,
 * GET /api/sell_requests/{id}/ and GET /api/sell_requests/{id}/pdf/ (own requests only; another user's answers 404).
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
import { sellRequestFileName } from './pdf';
import { ownSellRequestPdf, submissionPdf } from './document';
import { ownRequest, ownRequests } from './views';

const requestParams = z.object({ id: z.string().uuid() });

export function sellRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/sell_request/', { schema: { summary: 'Submit a sell request (new items, or lots from storage)', querystring: typeQuery, body: z.union([newItemsBody, fromStorageBody]) } }, async (request, reply) => {
    const { type } = parseQuery(typeQuery, request.query);
    if (type === 'from_storage') return reply.status(201).send(await submitFromStorage(ctx, request));
    const { id, recorded } = await submitNewItems(ctx, request);
    const pdf = await submissionPdf(ctx, recorded);
    const { reference } = recorded.submission;
    return reply.status(201).send({ id, reference, status: 'submitted', file_data: pdf.toString('base64'), file_name: sellRequestFileName(reference) });
  });

  app.get('/api/sell_requests/', { schema: { summary: "The user's sell requests" } }, async (request) => ({ results: await ownRequests(ctx, requireUser(request).id) }));

  app.get('/api/sell_requests/:id/', { schema: { summary: 'One sell request', params: requestParams } }, async (request) => {
    const user = requireUser(request);
    return ownRequest(ctx, user.id, idFromParams(request, SELL_MSG.notFound));
  });

  // The file itself, not base64 JSON like the other documents: the client saves the fetched bytes as they come.
  app.get('/api/sell_requests/:id/pdf/', { schema: { summary: "A new-items sell request's PDF again (application/pdf; 404 for a relist from storage)", params: requestParams } }, async (request, reply) => {
    const user = requireUser(request);
    const { file, filename } = await ownSellRequestPdf(ctx, user.id, idFromParams(request, SELL_MSG.notFound));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(file);
  });
}
