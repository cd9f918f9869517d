/**
 * Keywords: GET /api/keyword/?limit=999, POST /api/keyword/ {word} -> 201 {id, word}, POST /api/delete_keywords/
 * {pk}. On the caller's own `alerts-<user>` stream, so another user's keyword id is simply not found (404).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { answers } from '../../infra/http/answers';
import { requireUser } from '../../infra/http/auth';
import { alertsDecider } from '../../domain/alerts/decide';
import { alertsStream, type KeywordAdded } from '../../domain/alerts/events';
import { idOr404, metadataOf, settle } from '../catalogue/http';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(999).default(999),
  offset: z.coerce.number().int().min(0).default(0),
});

export const addBody = z.object({ word: z.string({ message: 'This field is required.' }) });

export const keywordAnswer = z.object({ id: z.string(), word: z.string() });
/** Offset paging (`limit`, `offset`), as the specification's client asks for keywords. */
export const keywordsAnswer = z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(keywordAnswer) });
const deletedAnswer = z.object({ detail: z.string(), id: z.string() });

export function keywordRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/keyword/', { schema: { summary: "The user's keyword alerts", querystring: listQuery, response: answers({ 200: keywordsAnswer }, 400, 401) } }, async (request) => {
    const user = requireUser(request);
    const q = { ...request.query };
    const base = ctx.db.selectFrom('alert_keywords').where('user_id', '=', user.id).where('active', '=', true);
    const [rows, total] = await Promise.all([
      base.select(['keyword_id', 'word']).orderBy('added_at').orderBy('version').limit(q.limit).offset(q.offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const count = Number(total.n);
    const link = (offset: number) => `/api/keyword/?limit=${q.limit}&offset=${offset}`;
    return {
      count,
      next: q.offset + q.limit < count ? link(q.offset + q.limit) : null,
      previous: q.offset > 0 ? link(Math.max(0, q.offset - q.limit)) : null,
      results: rows.map((r) => ({ id: r.keyword_id, word: r.word })),
    };
  });

  app.post('/api/keyword/', { schema: { summary: 'Add a keyword alert', body: addBody, response: answers({ 201: keywordAnswer }, 400, 401) } }, async (request, reply) => {
    const user = requireUser(request);
    const body = { ...request.body };
    const keywordId = randomUUID();
    const outcome = await ctx.commands.handle(
      alertsStream(user.id), alertsDecider,
      { type: 'AddKeyword', user_id: user.id, keyword_id: keywordId, word: body.word, now: ctx.clock.now().toISOString() },
      metadataOf(request),
    );
    await settle(ctx, outcome);
    const added = outcome.events.find((e): e is KeywordAdded => e.type === 'KeywordAdded');
    return reply.status(201).send({ id: keywordId, word: added?.data.word ?? body.word.trim() });
  });

  app.post('/api/delete_keywords/', { schema: { summary: 'Delete keyword alerts (body: `{pk}`, the keyword id)', response: answers({ 200: deletedAnswer }, 400, 401, 404) } }, async (request) => {
    const user = requireUser(request);
    const pk = idOr404((request.body as { pk?: unknown } | undefined)?.pk, 'Keyword not found.');
    const outcome = await ctx.commands.handle(
      alertsStream(user.id), alertsDecider,
      { type: 'RemoveKeyword', user_id: user.id, keyword_id: pk, now: ctx.clock.now().toISOString() },
      metadataOf(request),
    );
    await settle(ctx, outcome);
    return { detail: 'Keyword deleted.', id: pk };
  });
}
