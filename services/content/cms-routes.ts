/**
 * Staff-managed site content (docs/content.md "CMS"). Public: GET /api/about_us/ (people with photo, role and bio),
 * GET /api/cms/home_page/main_slider/ (slides), GET /api/media_like_us/ (press quotes), each {results} in position
 * order. Staff: GET/POST /api/staff/cms/{kind}/, PUT/DELETE /api/staff/cms/{kind}/{id}/; photos are uploaded with
 * POST /api/staff/article_images/ and named by image_id.
 */
import { randomUUID } from 'node:crypto';
import { asJsonb } from '../../infra/http/jsonb-order';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { NotFound, ValidationError } from '../../domain/shared/errors';
import { CMS_KINDS, cmsItemStream, type CmsKind } from '../../domain/content/cms/events';
import { requireStaff } from '../../infra/http/auth';
import { parseBody } from '../../infra/http/validation';
import { answers, noContent } from '../../infra/http/answers';
import { idOr404, metadataOf, settle } from '../catalogue/http';
import type { CmsItemsTable } from '../../projections/content/tables';
import { imageUrl } from './article-views';
import { safeUrl } from './markdown';

const NOT_FOUND = 'Entry not found.';
const req = (max: number) => z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(max, `At most ${max} characters.`);
const opt = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default('');
const link = opt(500).refine((v) => v === '' || safeUrl(v) !== null, 'Enter an http(s) address or a path starting with /.');

/** The fields of each kind; every kind may also carry image_id (an uploaded image) and position. */
export const CMS_FIELDS = {
  about_us: z.object({ name: req(100), role: req(100), bio: opt(2000) }),
  main_slider: z.object({ title: req(120), subtitle: opt(300), link_url: link, link_text: opt(40) }),
  media_like_us: z.object({ quote: req(600), source: req(100), url: link }),
} satisfies Record<CmsKind, z.ZodObject<Record<string, z.ZodType<string>>>>;
const common = z.object({
  image_id: z.string().uuid({ error: 'That image was not uploaded here.' }).nullish(),
  position: z.number({ error: 'position must be a whole number.' }).int().min(0).max(10_000).optional(),
});

export const cmsItemAnswer = z.object({
  id: z.string(), position: z.number().int(), image_id: z.string().nullable(), image: z.string().nullable(), photo: z.string().nullable(),
}).catchall(z.unknown())
  .describe('Plus the fields of its kind: about_us name, role, bio; main_slider title, subtitle, link_url, link_text; media_like_us quote, source, url.');
const cmsListAnswer = z.object({ count: z.number().int(), results: z.array(cmsItemAnswer) });

function cmsView(row: CmsItemsTable): z.infer<typeof cmsItemAnswer> {
  const photo = imageUrl(row.image_id);
  return { id: row.id, position: row.position, ...row.data, image_id: row.image_id, image: photo, photo };
}

async function list(ctx: AppContext, kind: CmsKind) {
  const rows = await ctx.db.selectFrom('cms_items').selectAll().where('kind', '=', kind).orderBy('position').orderBy('id').execute();
  return { count: rows.length, results: rows.map(cmsView) };
}

function kindOf(request: FastifyRequest): CmsKind {
  const kind = (request.params as { kind?: string }).kind;
  if (!CMS_KINDS.includes(kind as CmsKind)) throw new NotFound(NOT_FOUND);
  return kind as CmsKind;
}

/** For the API document: the save handler parses CMS_FIELDS[kind] and `common` from the same body. */
const cmsBody = z.intersection(z.union(Object.values(CMS_FIELDS)), common);

export function cmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/about_us/', { schema: { summary: 'About-us entries (people)', response: answers({ 200: cmsListAnswer }) } }, () => list(ctx, 'about_us'));
  app.get('/api/cms/home_page/main_slider/', { schema: { summary: "The home page's slider", response: answers({ 200: cmsListAnswer }) } }, () => list(ctx, 'main_slider'));
  app.get('/api/media_like_us/', { schema: { summary: 'Press mentions', response: answers({ 200: cmsListAnswer }) } }, () => list(ctx, 'media_like_us'));

  app.get('/api/staff/cms/:kind/', { schema: { summary: 'Staff: list content items of a kind', response: answers({ 200: cmsListAnswer }, 401, 403, 404) } }, (request) => {
    requireStaff(request);
    return list(ctx, kindOf(request));
  });

  const save = async (request: FastifyRequest, kind: CmsKind, id: string, existing: CmsItemsTable | null) => {
    const staff = requireStaff(request);
    const fields = parseBody(CMS_FIELDS[kind], request.body);
    const extra = parseBody(common, request.body);
    const image_id = extra.image_id === undefined ? existing?.image_id ?? null : extra.image_id;
    if (image_id && !(await ctx.db.selectFrom('article_images').select('image_id').where('image_id', '=', image_id).executeTakeFirst())) {
      throw new ValidationError({ image_id: ['That image was not uploaded here.'] });
    }
    let position = extra.position ?? existing?.position;
    if (position === undefined) {
      const last = await ctx.db.selectFrom('cms_items').select((eb) => eb.fn.max('position').as('p')).where('kind', '=', kind).executeTakeFirst();
      position = (last?.p ?? -1) + 1;
    }
    const at = ctx.clock.now().toISOString();
    const append = await ctx.store.append(cmsItemStream(id), existing ? 'any' : 'no_stream', [{
      event_id: randomUUID(), type: 'CmsItemSaved', metadata: metadataOf(request),
      data: { item_id: id, kind, position, fields, image_id, by: staff.id, at },
    }]);
    await settle(ctx, { append });
    // The row the projection writes for this event (jsonb key order for the fields): the view may still be behind.
    return cmsView({ id, kind, position, data: asJsonb(fields), image_id, updated_at: new Date(at) } as CmsItemsTable);
  };

  const find = async (request: FastifyRequest, kind: CmsKind) => {
    const id = idOr404((request.params as { id?: unknown }).id, NOT_FOUND);
    const row = await ctx.db.selectFrom('cms_items').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
    if (!row) throw new NotFound(NOT_FOUND);
    return row;
  };

  app.post('/api/staff/cms/:kind/', { schema: { summary: 'Staff: add a content item (fields depend on the kind)', body: cmsBody, response: answers({ 201: cmsItemAnswer }, 400, 401, 403, 404) } }, async (request, reply) => {
    requireStaff(request);
    return reply.status(201).send(await save(request, kindOf(request), randomUUID(), null));
  });

  app.put('/api/staff/cms/:kind/:id/', { schema: { summary: 'Staff: change a content item', body: cmsBody, response: answers({ 200: cmsItemAnswer }, 400, 401, 403, 404) } }, async (request) => {
    requireStaff(request);
    const kind = kindOf(request);
    const row = await find(request, kind);
    return save(request, kind, row.id, row);
  });

  app.delete('/api/staff/cms/:kind/:id/', { schema: { summary: 'Staff: delete a content item', response: answers({ 204: noContent }, 401, 403, 404) } }, async (request, reply) => {
    const staff = requireStaff(request);
    const row = await find(request, kindOf(request));
    const append = await ctx.store.append(cmsItemStream(row.id), 'any', [{
      event_id: randomUUID(), type: 'CmsItemDeleted', metadata: metadataOf(request), data: { item_id: row.id, by: staff.id, at: ctx.clock.now().toISOString() },
    }]);
    await settle(ctx, { append });
    return reply.status(204).send();
  });
}
