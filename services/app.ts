import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import fastifyCookie from '@fastify/cookie';
import { sql } from 'kysely';
import type { AppContext } from './context';
import { featuresFor } from './features';
import { answerFrameworkError, detailForStatus, installErrorHandler } from '../infra/http/errors';
import { allowedMethods, answerClientError, refuseWhileClosing } from '../infra/http/protocol-errors';
import { installTextGuard } from '../infra/http/text-guard';
import { installReadYourWrites } from '../infra/http/read-your-writes';
import { registerApiDocs, tagRoutes } from '../infra/http/openapi';
import { installContract } from '../infra/http/contract';
import { refuseAuditorWrites } from '../infra/http/auth';
import { recordRoutes } from '../infra/http/route-table';
import { installIdempotencyKeys } from '../infra/http/idempotency-keys';
import { allowFramingByUs, FRAMED_BY_US, installSecurityHeaders } from '../infra/http/security-headers';
import { renderPage, resolvePage } from './pages/client-pages';
import { routePreloadReader } from '../infra/http/route-chunks';
import { siteFileRoutes } from './site/routes';
import { socialCspAllowances } from './accounts/social/client-settings';
import { indexHtmlReader, installCompression, sendPage, serveBuiltClient } from '../infra/http/delivery';
import { installRequestMetrics, metricsRoute } from '../infra/metrics/http';
import { readinessRoute } from '../infra/http/readiness';
import { healthAnswers, serverTimeAnswers } from '../infra/http/ops-answers';

const WEB_DIST = path.resolve(process.cwd(), 'web/dist');

/** The Fastify app: JSON API under /api/, websockets under /ws/, the built client on / (a live node: /ws/ only). */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    // Every error in the API's shape (infra/http/protocol-errors.ts): while closing, and from the HTTP parser.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply),
  });
  recordRoutes(app);
  installRequestMetrics(app, ctx.metrics);
  // The configured social sign-in providers' scripts, frames and calls (none when none is configured).
  const cspAllow = socialCspAllowances(ctx.config);
  await installSecurityHeaders(app, ctx.config.publicUrl, cspAllow);
  refuseWhileClosing(app); // after the headers (a 503 carries them too), before any hook that does work
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.user = await ctx.authenticate(request);
    refuseAuditorWrites(request);
  });
  // Before any route: compression hooks each route as it is added (infra/http/delivery.ts).
  await installCompression(app);
  installErrorHandler(app);
  installTextGuard(app);
  installIdempotencyKeys(app, ctx);
  installReadYourWrites(app, ctx);
  // Route schemas validate requests and check answers; a wrong answer is logged in production, fatal elsewhere.
  installContract(app, !ctx.config.production);
  await registerApiDocs(app);
  await app.register(fastifyCookie); // parses the refresh cookie (services/accounts/refresh-cookie.ts)
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  app.get('/health', { schema: { tags: ['ops'], summary: 'Liveness and database check', response: healthAnswers } }, async (_request, reply) => {
    try {
      await sql`SELECT 1`.execute(ctx.db);
      return { status: 'ok', time: ctx.clock.now().toISOString() };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
  readinessRoute(app, ctx);
  metricsRoute(app, ctx.metrics, ctx.config.metricsToken);
  app.get('/api/server_time/', { schema: { tags: ['ops'], summary: "The server's clock (for countdowns)", response: serverTimeAnswers } }, async () => ({ now: ctx.clock.now().toISOString() }));

  for (const feature of featuresFor(ctx.config.role)) {
    if (feature.routes) await app.register(async (scope) => { tagRoutes(scope, feature.name); await feature.routes!(scope, ctx); });
  }
  // A live node serves only /ws/ (and /health): the pages come from the API nodes.
  const clientBuilt = ctx.config.role !== 'live' && await serveClient(app);
  const indexHtml = indexHtmlReader(WEB_DIST);
  const routePreloads = routePreloadReader(WEB_DIST);
  if (ctx.config.role !== 'live') siteFileRoutes(app, ctx);
  app.setNotFoundHandler(async (request, reply) => {
    // A known path asked with another method: 405 naming the methods it has (the router alone would say 404).
    const allowed = allowedMethods(app, request.url);
    if (allowed.length > 0) return reply.status(405).header('Allow', allowed.join(', ')).send({ detail: detailForStatus(405) });
    const isPage = clientBuilt && (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|ws)(\/|$)/.test(request.url);
    if (!isPage) return reply.status(404).send({ detail: detailForStatus(404) });
    // Deep links load the client; the status tells whether the page exists, and a lot, auction or article page carries
    // its own head (services/pages/client-pages.ts).
    const page = await resolvePage(ctx, request.url);
    if (page.name && FRAMED_BY_US.has(page.name)) allowFramingByUs(reply, ctx.config.publicUrl, cspAllow);
    const html = page.head ? Buffer.from(renderPage((await indexHtml()).toString('utf8'), page.head, await routePreloads(page.name))) : await indexHtml();
    return sendPage(request, reply.status(page.status), html);
  });
  return app;
}

/**
 * Serves web/dist when it was built; the not-found handler then answers its index.html for the client's pages (200)
 * and for any other GET outside /api and /ws (404, the client's not-found view), so deep links load.
 */
async function serveClient(app: FastifyInstance): Promise<boolean> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) return false;
  await serveBuiltClient(app, WEB_DIST);
  return true;
}
