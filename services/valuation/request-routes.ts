/**
 * The seller's valuation calls: POST /api/valuation_requests/ (multipart, signed in or signing up in the same step),
 * GET /api/valuation_requests/ and /{id}/ (own only), GET /api/valuation_images/{imageId}/?size=thumb|full (owner or
 * staff; the shared image route of services/uploads). Multipart parsing is registered in this scope only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../infra/http/answers';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { MSG } from '../../domain/valuation/decide';
import { requireUser } from '../../infra/http/auth';
import { idOr404, settle } from '../catalogue/http';
import { registerUploads } from '../uploads/receive';
import { imageRoute } from '../uploads/image-route';
import { assertAnonymousUploadAllowed } from '../uploads/anonymous-throttle';
import { submitValuation, UPLOAD_AREA, VALUATION_LIMITS } from './submit';
import { ownValuation, ownValuations, VALUATION_IMAGES, valuationView } from './views';
import { decidedValuation } from './decided-view';

export async function valuationRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await registerUploads(scope, VALUATION_LIMITS);
    scope.post('/api/valuation_requests/', { schema: { summary: 'Request a valuation (multipart: photos and fields; anonymous callers include user_data)', consumes: ['multipart/form-data'], response: answers({ 201: valuationView }, 400, 409, 413, 429) } }, async (request, reply) => {
      if (!request.user) await assertAnonymousUploadAllowed(ctx.db, request.ip, ctx.clock.now());
      const { id, append } = await submitValuation(ctx, request);
      await settle(ctx, { append });
      // From the valuation's stream: the valuations view may still be behind.
      const decided = await decidedValuation(ctx, id);
      if (!decided) throw new Error(`valuation ${id} was not stored`);
      return reply.status(201).send(decided.view);
    });
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/api/valuation_requests/', { schema: { summary: "The user's valuation requests", response: answers({ 200: z.object({ results: z.array(valuationView) }) }, 401) } }, async (request) => {
    const user = requireUser(request);
    return { results: await ownValuations(ctx, user.id) };
  });

  typed.get('/api/valuation_requests/:id/', { schema: { summary: 'One valuation request', params: z.object({ id: z.string() }), response: answers({ 200: valuationView }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const view = await ownValuation(ctx, user.id, idOr404(request.params.id, MSG.notFound));
    if (!view) throw new NotFound(MSG.notFound);
    return view;
  });

  imageRoute(app, ctx, {
    base: VALUATION_IMAGES, area: UPLOAD_AREA,
    find: (imageId, user) => {
      let q = ctx.db.selectFrom('valuation_images').select(['file', 'thumb', 'content_type']).where('image_id', '=', imageId);
      if (!user.is_staff) q = q.where('user_id', '=', user.id);
      return q.executeTakeFirst();
    },
  });
}
