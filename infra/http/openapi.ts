/**
 * The OpenAPI 3 document of the API, generated from the zod schemas each route declares and Fastify validates with
 * (infra/http/contract.ts; docs/api.md, "API reference"). Routes declare `schema: { summary, params, querystring,
 * body, response }`; the feature's name becomes the route's tag, and method and path its operationId.
 */
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_DOCS_CSP } from './security-headers';

export const DOCS_PREFIX = '/api/docs';

/**
 * Registers the document (`/api/docs/json`, `/api/docs/yaml`) and the interactive reference (`/api/docs`). Must run
 * before any route is added: the swagger plugin collects routes with an onRoute hook.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Whisky Auction API',
        version: '1',
        description: 'Generated from the zod schemas the routes validate with. Errors: `{"detail": "..."}` or `{"field": ["message"]}`.',
        contact: { name: 'The auction house (the contact page of this site)' },
      },
      // The same origin that serves the document.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      // Most calls work anonymously or need a user: the token is optional at the document level.
      security: [{ bearerAuth: [] }, {}],
    },
    transform: withOperationId,
    transformObject: usedComponentsOnly,
  });
  // The reference page gets its own, looser CSP (swagger-ui writes <style> elements): docs/security.md.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'none', deepLinking: true }, staticCSP: API_DOCS_CSP });
}

/** The zod transform, plus an operationId and a description for every operation that does not give its own. */
const withOperationId: SwaggerTransform<FastifySchema> = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const method = [document.route.method].flat()[0];
  const named = schema as { operationId?: string; summary?: string; description?: string };
  // A route that says no more than its summary is described by it.
  return { schema: { ...schema, operationId: named.operationId ?? operationIdFor(method, url), description: named.description ?? named.summary }, url };
};

type Paths = Record<string, Record<string, { tags?: string[] }>>;

/**
 * The named zod schemas as components, without the ones no operation refers to (zod's registry names an input and an
 * output variant of each; an answer's input variant is never used), and the tags the operations use, listed.
 */
const usedComponentsOnly: SwaggerTransformObject = (document) => {
  const object = jsonSchemaTransformObject(document) as { paths?: Paths; tags?: { name: string }[]; components?: { schemas?: Record<string, unknown> } };
  const names = new Set(Object.values(object.paths ?? {}).flatMap((methods) => Object.values(methods).flatMap((op) => op.tags ?? [])));
  object.tags = [...names].sort().map((name) => ({ name }));
  const schemas = object.components?.schemas;
  if (!schemas) return object as ReturnType<SwaggerTransformObject>;
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) { value.forEach(visit); return; }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const name = key === '$ref' && typeof inner === 'string' ? inner.replace('#/components/schemas/', '') : null;
      if (name && !used.has(name)) { used.add(name); visit(schemas[name]); } else visit(inner);
    }
  };
  visit(object.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  return object as ReturnType<SwaggerTransformObject>;
};

/**
 * A stable, readable id from method and path: `GET /api/users/:id/billing_addresses/` is
 * `getUsersByIdBillingAddresses` (the `/api` prefix is left out; a path parameter reads "by" its name).
 */
function operationIdFor(method: string, url: string): string {
  const words = url.split('/').filter((segment) => segment !== '' && segment !== 'api').flatMap((segment) => {
    const param = /^:(\w+)/.exec(segment);
    return param ? ['by', ...param[1].split('_')] : segment.split(/[^A-Za-z0-9]+/);
  });
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return method.toLowerCase() + words.filter(Boolean).map(capital).join('');
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
