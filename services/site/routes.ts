/** GET /robots.txt and GET /sitemap.xml: real files for crawlers, not the client's page (docs/security.md, "404"). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { fileAnswer } from '../../infra/http/answers';
import { robotsTxt } from './robots';
import { sitemapEntries, sitemapXml } from './sitemap';

export function siteFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const publicUrl = ctx.config.publicUrl;
  app.get('/robots.txt', { schema: { tags: ['ops'], summary: 'Crawler rules', response: { 200: fileAnswer('text/plain', 'robots.txt') } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)));
  app.get('/sitemap.xml', { schema: { tags: ['ops'], summary: 'Sitemap: lots, articles and the public pages', response: { 200: fileAnswer('application/xml', 'The sitemap (sitemaps.org)') } } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600')
      .send(sitemapXml(publicUrl, await sitemapEntries(ctx))));
}
