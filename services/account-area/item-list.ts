/**
 * GET /api/item_list/?search=&page=1&page_size=50&id=a,b: catalogue items (the bottle or cask of each lot; an
 * item's id is its lot's id, as `item.id` in the lot shape) matching the search, or the given ids. Public
 * catalogue data, so no sign-in is needed. `is_notification` (followed items) belongs to the item alerts and is
 * false here.
 */
import { z } from 'zod';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { parseQuery } from '../../infra/http/validation';
import { pageAnswer, paginate } from '../../infra/http/pagination';
import { answers, money } from '../../infra/http/answers';
import { penceToDecimal } from '../../domain/shared/money';
import { slugify } from '../../projections/catalogue/lots/slug';
import { distilleryShape, lotStatus, type LotRow } from '../catalogue/lots/shape';
import { distilleryAnswer } from '../catalogue/lots/lot-answer';
import type { LotItem, LotPhoto } from '../../domain/catalogue/lot/events';

const BAD_IDS = 'Enter valid item ids.';
const uuid = z.string().uuid();

/** Ids may come joined by commas, repeated, or both. */
const idList = z.preprocess(
  (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter((s) => s !== '')),
  // One message on `id` (not `id.3`): the client sends the list as one parameter.
  z.array(z.string()).max(500, 'At most 500 ids at a time.').refine((ids) => ids.every((s) => uuid.safeParse(s).success), BAD_IDS),
);

const itemListQuery = z.object({
  search: z.string().trim().max(200, 'Ensure this field has no more than 200 characters.').default(''),
  id: idList,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

/** One item of the list: the lot's bottle or cask, and the lot it is sold in. */
export const itemAnswer = z.object({
  id: z.string().describe("The lot's id."),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  distillery: distilleryAnswer,
  estimated_value: money,
  type: z.enum(['bottle', 'cask']),
  age: z.number().nullable(),
  volume_ml: z.number().nullable(),
  abv: z.number().nullable(),
  is_notification: z.boolean().describe('Always false here (followed items are the item alerts).'),
  photo: z.object({ file: z.string(), title: z.string() }).nullable(),
  lot: z.object({ id: z.string(), slug: z.string(), reference_no: z.string(), auction: z.string(), status: z.enum(['scheduled', 'live', 'sold', 'unsold']) }),
});

function itemShape(row: LotRow, now: Date): z.infer<typeof itemAnswer> {
  const item = row.item as LotItem;
  return {
    id: row.id,
    slug: slugify(item.title),
    title: item.title,
    subtitle: item.subtitle,
    distillery: distilleryShape(item.distillery),
    estimated_value: penceToDecimal(row.estimated_value_pence),
    type: item.type,
    age: item.age,
    volume_ml: item.volume_ml,
    abv: item.abv,
    is_notification: false,
    photo: (row.photos as LotPhoto[])[0] ?? null,
    lot: { id: row.id, slug: row.slug, reference_no: row.reference_no, auction: row.auction_id, status: lotStatus(row, now) },
  };
}

/** `%`, `_` and `\` are literal in a search, not patterns. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function itemListRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/item_list/', { schema: { summary: "The user's items (bought, selling, stored)", querystring: itemListQuery, response: answers({ 200: pageAnswer(itemAnswer) }, 400) } }, async (request) => {
    const q = parseQuery(itemListQuery, request.query);
    let base = ctx.db.selectFrom('lots');
    if (q.id.length > 0) base = base.where('id', 'in', q.id);
    if (q.search !== '') {
      const p = likePattern(q.search);
      base = base.where((eb) => eb.or([
        eb('title', 'ilike', p), eb('subtitle', 'ilike', p), eb('distillery', 'ilike', p), eb('reference_no', 'ilike', p),
      ]));
    }
    const [rows, total] = await Promise.all([
      base.selectAll().orderBy('title').orderBy('consign_position').limit(q.page_size).offset((q.page - 1) * q.page_size).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const now = ctx.clock.now();
    return paginate(rows.map((r) => itemShape(r, now)), total.n, q.page, q.page_size, request.url);
  });
}
