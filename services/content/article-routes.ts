/**
 * Public article calls (docs/api.md "Content"): GET /api/article/?type=&search=&page=&page_size=, GET /api/article/{id}/,
 * GET /api/types/, POST /api/like_article/{id}/ (signed in; a toggle, answers user_like_article and the new count; the
 * count also goes to every reader on /ws/articles/), and the public article images GET /api/article_images/{id}/.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound } from '../../domain/shared/errors';
import { ARTICLE_TYPES, articleStream } from '../../domain/content/article/events';
import { articleDecider, MSG } from '../../domain/content/article/decide';
import { requireUser } from '../../infra/http/auth';
import { answers, fileAnswer } from '../../infra/http/answers';
import { idOr404, metadataOf, settle } from '../catalogue/http';
import { uploadStore } from '../uploads/store';
import { articleDetailAnswer, articleListAnswer, findArticle, listArticles } from './article-views';

export const ARTICLE_UPLOAD_AREA = 'articles';
const IMAGE_NOT_FOUND = 'Image not found.';

const pageNumber = z.coerce.number({ error: 'Enter a whole number from 1.' }).int('Enter a whole number from 1.').min(1, 'Enter a whole number from 1.');
export const articleListQuery = z.object({
  type: z.enum(ARTICLE_TYPES.map((t) => t.id) as [string, ...string[]], { error: MSG.type }).optional(),
  search: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  page: pageNumber.default(1),
  page_size: pageNumber.max(100, 'Choose a page size from 1 to 100.').default(12),
});

export const typesAnswer = z.object({ results: z.array(z.object({ id: z.string(), name: z.string() })) });
export const likeAnswer = z.object({
  data: z.object({ user_like_article: z.boolean(), likes_count: z.number().int() }), user_like_article: z.boolean(), likes_count: z.number().int(),
});

const articleImageQuery = z.object({ size: z.enum(['thumb', 'full'], { error: 'size must be thumb or full.' }).default('full') });

export function articleRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/types/', { schema: { summary: 'Article types', response: answers({ 200: typesAnswer }) } }, async () => ({ results: ARTICLE_TYPES.map((t) => ({ ...t })) }));

  app.get('/api/article/', { schema: { summary: 'Published articles', querystring: articleListQuery, response: answers({ 200: articleListAnswer }, 400) } }, async (request) => {
    const q = { ...request.query };
    return listArticles(ctx, { ...q, search: q.search || undefined, drafts: false }, request.user?.id ?? null);
  });

  app.get('/api/article/:id/', { schema: { summary: 'One article', response: answers({ 200: articleDetailAnswer }, 404) } }, async (request) => {
    const id = idOr404((request.params as { id?: unknown }).id, MSG.notFound);
    const view = await findArticle(ctx, id, request.user?.id ?? null, false);
    if (!view) throw new NotFound(MSG.notFound);
    return view;
  });

  app.post('/api/like_article/:id/', { schema: { summary: 'Like or unlike an article', response: answers({ 200: likeAnswer }, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const id = idOr404((request.params as { id?: unknown }).id, MSG.notFound);
    const outcome = await ctx.commands.handle(articleStream(id), articleDecider,
      { type: 'ToggleLike', article_id: id, user_id: user.id, now: ctx.clock.now().toISOString() }, metadataOf(request));
    await settle(ctx, outcome);
    const event = outcome.events[0];
    const liked = event?.type === 'ArticleLikeToggled' ? event.data.liked : false;
    const count = event?.type === 'ArticleLikeToggled' ? event.data.likes_count : 0;
    return { data: { user_like_article: liked, likes_count: count }, user_like_article: liked, likes_count: count };
  });

  app.get('/api/article_images/:imageId/', { schema: { summary: "An article's image", querystring: articleImageQuery, response: answers({ 200: fileAnswer('image/*', 'The image (JPEG, PNG or WebP; thumbnails are WebP).') }, 400, 404) } }, async (request, reply) => {
    const imageId = idOr404((request.params as { imageId?: unknown }).imageId, IMAGE_NOT_FOUND);
    const { size } = request.query;
    const row = await ctx.db.selectFrom('article_images').selectAll().where('image_id', '=', imageId).executeTakeFirst();
    if (!row) throw new NotFound(IMAGE_NOT_FOUND);
    const file = uploadStore(ctx.config.dataDir).pathOf(ARTICLE_UPLOAD_AREA, size === 'thumb' ? row.thumb : row.file);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) throw new NotFound(IMAGE_NOT_FOUND);
    return reply
      .header('content-type', size === 'thumb' ? 'image/webp' : row.content_type)
      .header('content-length', stat.size)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(file));
  });
}
