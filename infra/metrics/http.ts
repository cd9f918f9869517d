/**
 * The metrics over HTTP: one latency observation per request (by route pattern, so the label set stays bounded
 * whatever URLs arrive), and `GET /metrics` for Prometheus. On the public port /metrics needs the bearer token
 * METRICS_TOKEN; with none configured it is not served at all (404, the API's error shape). The internal listener
 * answers it without a token (`answerInternal`, services/cluster/node.ts): that port is not published.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { NotFound, Unauthorized } from '../../domain/shared/errors';
import type { Metrics } from './metrics';
import { answers, fileAnswer } from '../http/answers';

export const METRICS_PATH = '/metrics';

export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/lots/:id/`), never the raw URL; requests no route matched share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDone(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get(METRICS_PATH, { schema: { tags: ['ops'], summary: 'Prometheus metrics (bearer METRICS_TOKEN; 404 when none is configured)', response: { ...answers({}, 401, 404), 200: fileAnswer('text/plain', 'Prometheus text exposition format') } } }, async (request, reply) => {
    if (!token) throw new NotFound('Not found.');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new Unauthorized('Invalid or missing metrics token.');
    }
    const { contentType, body } = await metrics.text();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

/** Compared as digests, in constant time: the answer says nothing about how much of a guess was right. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/** The internal listener's /metrics (no token: only the other nodes and the scraper reach that port). */
export async function answerInternal(metrics: Metrics, res: ServerResponse, _req: IncomingMessage): Promise<void> {
  try {
    const { contentType, body } = await metrics.text();
    res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body);
  } catch {
    res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'Server error' }));
  }
}
