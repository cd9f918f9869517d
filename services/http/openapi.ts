/**
 * The OpenAPI 3 document of the API, generated from the zod schemas the handlers parse with (docs/api.md, "API
 * reference"). Routes declare `schema: { params, querystring, body, summary }` with the same zod constants their
 * handlers pass to parseBody/parseQuery/parseParams; the feature's name becomes the route's tag.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_CSP } from './security-headers';

export const DOCS_PREFIX = '/api/docs';

/**
 * Registers the document (`/api/docs/json`, `/api/docs/yaml`) and the interactive reference (`/api/docs`). Must run
 * before any route is added: the swagger plugin collects routes with an onRoute hook.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // The handlers' parse calls stay the validation (they answer the API's `{field: [messages]}` shape and apply
  // transforms); route schemas are for the document only, so Fastify must neither validate nor replace the data.
  app.setValidatorCompiler(() => () => true);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Whisky Auction API',
        version: '1',
        description: 'Generated from the zod schemas the routes validate with. Errors: `{"detail": "..."}` or `{"field": ["message"]}`.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      // Most calls work anonymously or need a user: the token is optional at the document level.
      security: [{ bearerAuth: [] }, {}],
    },
    transform: jsonSchemaTransform,
  });
  // The reference page gets its own, looser CSP (swagger-ui writes <style> elements): docs/security.md.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none', deepLinking: true }, staticCSP: API_DOCS_CSP });
}

/**
 * Tags each route a feature registers with the feature's name, so the reference groups calls by area. Websocket
 * routes are hidden: OpenAPI cannot describe their messages (docs/live.md does).
 */
export function tagRoutes(scope: FastifyInstance, tag: string): void {
  scope.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    const schema: FastifySchema = { ...route.schema };
    schema.tags ??= [tag];
    if (route.websocket) schema.hide = true;
    route.schema = schema;
  });
}
