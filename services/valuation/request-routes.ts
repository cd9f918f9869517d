/**
 * The seller's valuation calls: POST /api/valuation_requests/ (multipart, signed in or signing up in the same step),
 * GET /api/valuation_requests/ and /{id}/ (own only), GET /api/valuation_images/{imageId}/?size=thumb|full (owner or
 * staff). Multipart parsing is registered in this scope only.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { MSG } from '../../domain/valuation/decide';
import { requireUser } from '../http/auth';
import { parseQuery } from '../http/validation';
import { idOr404, settle } from '../catalogue/http';
import { registerUploads } from '../uploads/receive';
import { uploadStore } from '../uploads/store';
import { submitValuation, UPLOAD_AREA, VALUATION_LIMITS } from './submit';
import { ownValuation, ownValuations } from './views';

const imageQuery = z.object({ size: z.enum(['thumb', 'full'], { error: 'size must be thumb or full.' }).default('full') });
const IMAGE_NOT_FOUND = 'Image not found.';

export async function valuationRequestRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await registerUploads(scope, VALUATION_LIMITS);
    scope.post('/api/valuation_requests/', async (request, reply) => {
      const { id, append } = await submitValuation(ctx, request);
      await settle(ctx, { append });
      const row = await ctx.db.selectFrom('valuations').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
      return reply.status(201).send(await ownValuation(ctx, row.user_id, id));
    });
  });

  app.get('/api/valuation_requests/', async (request) => {
    const user = requireUser(request);
    return { results: await ownValuations(ctx, user.id) };
  });

  app.get('/api/valuation_requests/:id/', async (request) => {
    const user = requireUser(request);
    const view = await ownValuation(ctx, user.id, idOr404((request.params as { id?: unknown }).id, MSG.notFound));
    if (!view) throw new NotFound(MSG.notFound);
    return view;
  });

  app.get('/api/valuation_images/:imageId/', async (request, reply) => {
    const user = requireUser(request);
    const imageId = idOr404((request.params as { imageId?: unknown }).imageId, IMAGE_NOT_FOUND);
    const { size } = parseQuery(imageQuery, request.query);
    let q = ctx.db.selectFrom('valuation_images').selectAll().where('image_id', '=', imageId);
    if (!user.is_staff) q = q.where('user_id', '=', user.id);
    const row = await q.executeTakeFirst();
    if (!row) throw new NotFound(IMAGE_NOT_FOUND);
    const file = uploadStore(ctx.config.dataDir).pathOf(UPLOAD_AREA, size === 'thumb' ? row.thumb : row.file);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) throw new NotFound(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', size === 'thumb' ? 'image/webp' : row.content_type)
      .header('content-length', stat.size)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}
