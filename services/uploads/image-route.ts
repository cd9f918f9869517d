/**
 * The route that serves uploaded images (valuation photos, photos of received sell-request items): GET
 * `<base><imageId>/?size=thumb|full` for signed-in users. Each caller says which image row the user may see; anything
 * else (another user's, a missing row or file) answers 404 alike, so the route never tells that an image exists.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { requireUser, type AuthUser } from '../../infra/http/auth';
import { answers, fileAnswer } from '../../infra/http/answers';
import { idOr404 } from '../catalogue/http';
import { uploadStore } from './store';

/** The stored files of one image, as its read-model row names them. */
interface StoredImage { file: string; thumb: string; content_type: string }

interface ImageRoute {
  /** The route's base path, with its trailing slash: `/api/valuation_images/`. */
  base: string;
  /** The uploads area its files live in. */
  area: string;
  /** The image when `user` may see it, else undefined. */
  find(imageId: string, user: AuthUser): Promise<StoredImage | undefined>;
}

const imageQuery = z.object({ size: z.enum(['thumb', 'full'], { error: 'size must be thumb or full.' }).default('full') });
const imageParams = z.object({ imageId: z.string() });
const IMAGE_NOT_FOUND = 'Image not found.';

/** The links of one image in a view (a valuation's photos, a received item's photos). */
export const imageLinksSchema = z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string() });

/** The view's links of one image. */
export const imageLinks = (base: string, id: string): z.infer<typeof imageLinksSchema> => ({ id, url: `${base}${id}/?size=full`, thumbnail_url: `${base}${id}/?size=thumb` });

export function imageRoute(app: FastifyInstance, ctx: AppContext, route: ImageRoute): void {
  // The image's bytes (a stream): the untyped instance, whose answers are not typed from the declared JSON schemas.
  app.get<{ Params: z.infer<typeof imageParams>; Querystring: z.infer<typeof imageQuery> }>(`${route.base}:imageId/`, { schema: {
    summary: 'An uploaded image (thumb or full size)', params: imageParams, querystring: imageQuery,
    response: { ...answers({}, 400, 401, 404), 200: fileAnswer('image/*', 'The image: WebP for the thumbnail, as uploaded for the full size') },
  } }, async (request, reply) => {
    const user = requireUser(request);
    const imageId = idOr404(request.params.imageId, IMAGE_NOT_FOUND);
    const { size } = request.query;
    const row = await route.find(imageId, user);
    if (!row) throw new NotFound(IMAGE_NOT_FOUND);
    const file = uploadStore(ctx.config.dataDir).pathOf(route.area, size === 'thumb' ? row.thumb : row.file);
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
