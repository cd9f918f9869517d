/** Article answers: the list (paged, filtered by type and search) and the detail, each with the caller's like. */
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ARTICLE_TYPES } from '../../domain/content/article/events';
import type { ArticlesTable } from '../../projections/content/tables';
import { plainText, renderMarkdown } from './markdown';

const ARTICLE_IMAGES = '/api/article_images/';
export const imageUrl = (id: string | null, size: 'thumb' | 'full' = 'full') => (id ? `${ARTICLE_IMAGES}${id}/?size=${size}` : null);
const typeName = (id: string) => ARTICLE_TYPES.find((t) => t.id === id)?.name ?? id;

export const articleSummaryAnswer = z.object({
  id: z.string(),
  title: z.string(),
  type: z.object({ id: z.string(), name: z.string() }),
  short_description: z.string(),
  image_id: z.string().nullable(),
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  published: z.boolean(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  likes_count: z.number().int(),
  is_like: z.boolean(),
}).meta({ id: 'ArticleSummary' });
export const articleDetailAnswer = articleSummaryAnswer.extend({ content: z.string(), content_html: z.string() }).meta({ id: 'Article' });
/** Pages by number: `next` and `previous` are page numbers, not links. */
export const articleListAnswer = z.object({
  count: z.number().int(), page: z.number().int(), page_size: z.number().int(), next: z.number().int().nullable(), previous: z.number().int().nullable(),
  results: z.array(articleSummaryAnswer),
});

function articleSummary(row: ArticlesTable, liked: boolean): z.infer<typeof articleSummaryAnswer> {
  return {
    id: row.id,
    title: row.title,
    type: { id: row.type, name: typeName(row.type) },
    short_description: row.short_description || plainText(row.content).slice(0, 200),
    image_id: row.image_id,
    image: imageUrl(row.image_id),
    thumbnail: imageUrl(row.image_id, 'thumb'),
    published: row.published,
    published_at: row.published_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    likes_count: row.likes_count,
    is_like: liked,
  };
}

export function articleDetail(row: ArticlesTable, liked: boolean): z.infer<typeof articleDetailAnswer> {
  return { ...articleSummary(row, liked), content: row.content, content_html: renderMarkdown(row.content) };
}

interface ArticleQuery { type?: string; search?: string; page: number; page_size: number; drafts: boolean }

export async function listArticles(ctx: AppContext, q: ArticleQuery, userId: string | null): Promise<z.infer<typeof articleListAnswer>> {
  let query = ctx.db.selectFrom('articles');
  if (!q.drafts) query = query.where('published', '=', true);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('title', 'ilike', like), eb('short_description', 'ilike', like), eb('content', 'ilike', like)]));
  }
  const { count } = await query.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  const rows = await query.selectAll().orderBy(sql`coalesce(published_at, created_at)`, 'desc').orderBy('id')
    .limit(q.page_size).offset((q.page - 1) * q.page_size).execute();
  const liked = await likedBy(ctx, userId, rows.map((r) => r.id));
  return {
    count, page: q.page, page_size: q.page_size,
    next: q.page * q.page_size < count ? q.page + 1 : null,
    previous: q.page > 1 ? q.page - 1 : null,
    results: rows.map((r) => articleSummary(r, liked.has(r.id))),
  };
}

export async function findArticle(ctx: AppContext, id: string, userId: string | null, drafts: boolean) {
  const row = await ctx.db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || (!row.published && !drafts)) return undefined;
  const liked = await likedBy(ctx, userId, [id]);
  return articleDetail(row, liked.has(id));
}

async function likedBy(ctx: AppContext, userId: string | null, ids: string[]): Promise<Set<string>> {
  if (!userId || ids.length === 0) return new Set();
  const rows = await ctx.db.selectFrom('article_likes').select('article_id').where('user_id', '=', userId).where('article_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.article_id));
}
