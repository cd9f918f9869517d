/**
 * GET /api/lots/{id}/price_log/ (public, anonymised) and GET /api/audit/lots/{id}/ (auditors and staff; `?format=csv`
 * or `?format=json` downloads the same replay as a file). docs/audit.md, "Lot replay".
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { requireAuditor } from '../../infra/http/auth';
import { answers, jsonOrFileAnswer } from '../../infra/http/answers';
import { orNotFound } from '../../infra/http/validation';
import { auditLotReplay, publicPriceLog } from './lot-replay';
import { lotReplayCsv } from './lot-replay-csv';
import { auditLotReplayAnswer, priceLogAnswer } from './answer-schemas';

const lotParams = z.object({ id: z.string().uuid() });
const auditQuery = z.object({ format: z.enum(['csv', 'json']).optional() });

/** A lot id that is not even a uuid names nothing: 404, like an unknown one. */
const lotIdOf = (params: z.infer<typeof lotParams>) => orNotFound(() => params.id, 'Lot not found.').toLowerCase();

export function lotReplayRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get('/api/lots/:id/price_log/', {
    schema: {
      params: lotParams, tags: ['audit'], summary: 'How this price was reached: the lot replayed through the bidding rules (anonymised)',
      response: answers({ 200: priceLogAnswer }, 404),
    },
  }, async (request) => publicPriceLog(ctx, lotIdOf(request.params)));

  app.get('/api/audit/lots/:id/', {
    schema: {
      params: lotParams, querystring: auditQuery, tags: ['audit'], summary: 'Auditors: the full lot replay and its comparison with the read model (CSV/JSON export)',
      response: answers({ 200: jsonOrFileAnswer(auditLotReplayAnswer, 'text/csv', 'The replay; `?format=csv` or `?format=json` as an attachment') }, 400, 401, 403, 404),
    },
  }, async (request, reply) => {
    requireAuditor(request);
    const lotId = lotIdOf(request.params);
    const { format } = request.query;
    const replay = await auditLotReplay(ctx, lotId);
    if (!format) return replay;
    const name = `lot-${lotId}-replay.${format}`;
    reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(lotReplayCsv(replay));
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(replay, null, 2));
  });
}
