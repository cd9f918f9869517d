/**
 * The seller's sell-request calls: POST /api/sell_request/?type=new_items|from_storage, GET /api/sell_requests/,
 * GET /api/sell_requests/{id}/ and GET /api/sell_requests/{id}/pdf/ (own requests only; another user's answers 404).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers, fileAnswer } from '../../infra/http/answers';
import { requireUser } from '../../infra/http/auth';
import { orNotFound } from '../../infra/http/validation';
import { SELL_MSG } from '../../domain/selling/sell-requests/messages';
import { fromStorageBody, newItemsBody, typeQuery } from './schemas';
import { submitNewItems } from './submit-new-items';
import { submitFromStorage } from './from-storage';
import { sellRequestFileName } from './pdf';
import { ownSellRequestPdf, submissionPdf } from './document';
import { newItemsSubmitted, ownRequest, ownRequests, relistAnswer, sellRequestView, type NewItemsSubmitted } from './views';

const requestParams = z.object({ id: z.string().uuid() });

export function sellRequestRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.post('/api/sell_request/', { schema: { summary: 'Submit a sell request (new items, or lots from storage)', querystring: typeQuery, body: z.union([newItemsBody, fromStorageBody]), response: answers({ 201: z.union([newItemsSubmitted, relistAnswer]) }, 400, 401, 409) } }, async (request, reply) => {
    const { type } = request.query;
    if (type === 'from_storage') return reply.status(201).send(await submitFromStorage(ctx, request));
    const { id, recorded } = await submitNewItems(ctx, request);
    const pdf = await submissionPdf(ctx, recorded);
    const { reference } = recorded.submission;
    const submitted: NewItemsSubmitted = { id, reference, status: 'submitted', file_data: pdf.toString('base64'), file_name: sellRequestFileName(reference) };
    return reply.status(201).send(submitted);
  });

  app.get('/api/sell_requests/', { schema: { summary: "The user's sell requests", response: answers({ 200: z.object({ results: z.array(sellRequestView) }) }, 401) } }, async (request) => ({ results: await ownRequests(ctx, requireUser(request).id) }));

  app.get('/api/sell_requests/:id/', { schema: { summary: 'One sell request', params: requestParams, response: answers({ 200: sellRequestView }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    return ownRequest(ctx, user.id, orNotFound(() => request.params.id, SELL_MSG.notFound));
  });

  // The file itself, not base64 JSON like the other documents: the client saves the fetched bytes as they come (a
  // Buffer: the route is on the untyped instance, whose answers are not typed from the declared JSON schemas).
  scope.get<{ Params: z.infer<typeof requestParams> }>('/api/sell_requests/:id/pdf/', { schema: { summary: "A new-items sell request's PDF again (application/pdf; 404 for a relist from storage)", params: requestParams, response: { ...answers({}, 401, 404), 200: fileAnswer('application/pdf', 'The PDF, as an attachment') } } }, async (request, reply) => {
    const user = requireUser(request);
    const { file, filename } = await ownSellRequestPdf(ctx, user.id, orNotFound(() => request.params.id, SELL_MSG.notFound));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(file);
  });
}
