/**
 * Staff article desk: GET /api/staff/articles/ (drafts too), POST /api/staff/articles/ (create), PUT
 * /api/staff/articles/{id}/ (edit, publish or unpublish), POST /api/staff/article_images/ (multipart `image`: one
 * JPEG/PNG/WebP/HEIC photo, checked and thumbnailed by services/uploads; answers the id and the Markdown to paste),
 * POST /api/staff/article_preview/ {content} (the sanitised HTML of the editor's Markdown).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound, ValidationError } from '../../domain/shared/errors';
import { articleImageStream, articleStream, type ArticleFields } from '../../domain/content/article/events';
import { articleDecider, MSG } from '../../domain/content/article/decide';
import { requireStaff } from '../../infra/http/auth';
import { parseBody, parseQuery } from '../../infra/http/validation';
import { idOr404, metadataOf, settle } from '../catalogue/http';
import { checkImage, MAX_IMAGE_BYTES, NOT_AN_IMAGE } from '../uploads/images';
import { receiveUpload, registerUploads, type UploadLimits } from '../uploads/receive';
import { uploadStore } from '../uploads/store';
import { ARTICLE_UPLOAD_AREA, articleListQuery } from './article-routes';
import { articleDetailAnswer, articleListAnswer, findArticle, imageUrl, listArticles } from './article-views';
import { answers } from '../../infra/http/answers';
import { renderMarkdown } from './markdown';
import { decidedArticle } from './article-decided';

const LIMITS: UploadLimits = { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: 1, maxFields: 2, maxFieldBytes: 1024 };
const NO_IMAGE = 'Choose a photo to upload.';
const IMAGE_UNKNOWN = 'That image was not uploaded here.';

const required = (max: number) => z.string({ error: 'This field is required.' }).max(max, `At most ${max} characters.`);
export const articleBody = z.object({
  title: required(1000),
  type: z.string({ error: 'This field is required.' }),
  short_description: z.string().max(2000).default(''),
  content: required(60_000),
  image_id: z.string().uuid({ error: IMAGE_UNKNOWN }).nullish(),
  published: z.boolean({ error: 'published must be true or false.' }).default(false),
});

async function fields(ctx: AppContext, body: z.infer<typeof articleBody>): Promise<ArticleFields> {
  const image_id = body.image_id ?? null;
  if (image_id && !(await ctx.db.selectFrom('article_images').select('image_id').where('image_id', '=', image_id).executeTakeFirst())) {
    throw new ValidationError({ image_id: [IMAGE_UNKNOWN] });
  }
  return { title: body.title, type: body.type, short_description: body.short_description, content: body.content, image_id, published: body.published };
}

export const previewBody = z.object({ content: z.string({ error: 'This field is required.' }).max(60_000) });
export const uploadedAnswer = z.object({ id: z.string(), url: z.string(), thumbnail_url: z.string().nullable(), markdown: z.string() });

export async function articleStaffRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/staff/articles/', { schema: { summary: 'Staff: articles, drafts too', querystring: articleListQuery, response: answers({ 200: articleListAnswer }, 400, 401, 403) } }, async (request) => {
    const staff = requireStaff(request);
    const q = parseQuery(articleListQuery, request.query);
    return listArticles(ctx, { ...q, search: q.search || undefined, drafts: true }, staff.id);
  });

  app.get('/api/staff/articles/:id/', { schema: { summary: 'Staff: one article', response: answers({ 200: articleDetailAnswer }, 401, 403, 404) } }, async (request) => {
    const staff = requireStaff(request);
    const id = idOr404((request.params as { id?: unknown }).id, MSG.notFound);
    const view = await findArticle(ctx, id, staff.id, true);
    if (!view) throw new NotFound(MSG.notFound);
    return view;
  });

  const write = async (request: FastifyRequest, id: string, create: boolean) => {
    const staff = requireStaff(request);
    const body = parseBody(articleBody, request.body);
    const command = { type: 'WriteArticle' as const, article_id: id, fields: await fields(ctx, body), create, by: staff.id, now: ctx.clock.now().toISOString() };
    const outcome = await ctx.commands.handle(articleStream(id), articleDecider, command, metadataOf(request));
    // The view once it caught up, else the article folded from its stream: a write that stands never answers empty.
    if (await settle(ctx, outcome)) return findArticle(ctx, id, staff.id, true);
    return (await decidedArticle(ctx, id, staff.id, outcome.append?.version ?? null)) ?? findArticle(ctx, id, staff.id, true);
  };

  // The editor's preview: the same rendering and sanitising as the published page.
  app.post('/api/staff/article_preview/', { schema: { summary: 'Staff: render article markdown as the page will', body: previewBody, response: answers({ 200: z.object({ content_html: z.string() }) }, 400, 401, 403) } }, async (request) => {
    requireStaff(request);
    const { content } = parseBody(previewBody, request.body);
    return { content_html: renderMarkdown(content) };
  });

  app.post('/api/staff/articles/', { schema: { summary: 'Staff: write a new article', body: articleBody, response: answers({ 201: articleDetailAnswer }, 400, 401, 403) } }, async (request, reply) => reply.status(201).send(await write(request, randomUUID(), true)));
  app.put('/api/staff/articles/:id/', { schema: { summary: 'Staff: change an article', body: articleBody, response: answers({ 200: articleDetailAnswer }, 400, 401, 403, 404) } }, async (request) => write(request, idOr404((request.params as { id?: unknown }).id, MSG.notFound), false));

  await app.register(async (scope) => {
    await registerUploads(scope, LIMITS);
    scope.post('/api/staff/article_images/', { schema: { summary: 'Staff: upload an article image (multipart `image`)', consumes: ['multipart/form-data'], response: answers({ 201: uploadedAnswer }, 400, 401, 403, 413) } }, async (request, reply) => {
      const staff = requireStaff(request);
      const store = uploadStore(ctx.config.dataDir);
      const upload = await receiveUpload(request, store, LIMITS, (field) => {
        if (field !== 'image') throw new ValidationError({ image: [NO_IMAGE] });
      });
      const temp = upload.files.map((f) => f.tempPath);
      try {
        const file = upload.files[0];
        if (!file) throw new ValidationError({ image: [NO_IMAGE] });
        const checked = await checkImage(file.tempPath);
        if (!checked) throw new ValidationError({ image: [NOT_AN_IMAGE(file.filename)] });
        temp.push(checked.thumbPath, checked.fullPath);
        const image_id = randomUUID();
        const data = {
          image_id, file: `${image_id}.${checked.extension}`, thumb: `${image_id}-thumb.webp`, content_type: checked.contentType,
          by: staff.id, at: ctx.clock.now().toISOString(),
        };
        // Files first, then the event: an image the event names always has its files (a failed event leaves unused files).
        await store.commit([{ from: checked.fullPath, area: ARTICLE_UPLOAD_AREA, name: data.file }, { from: checked.thumbPath, area: ARTICLE_UPLOAD_AREA, name: data.thumb }]);
        const append = await ctx.store.append(articleImageStream(image_id), 'no_stream',
          [{ event_id: randomUUID(), type: 'ArticleImageUploaded', data, metadata: metadataOf(request) }]);
        await settle(ctx, { append });
        const url = imageUrl(image_id)!;
        return reply.status(201).send({ id: image_id, url, thumbnail_url: imageUrl(image_id, 'thumb'), markdown: `![](${url})` });
      } finally {
        await store.discard(temp);
      }
    });
  });
}
