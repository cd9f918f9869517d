/** The generated OpenAPI document covers every /api/ route, carries the zod request schemas, and the UI is served. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { DOCS_PREFIX } from './openapi';

let t: TestApp;
interface Operation { tags?: string[]; summary?: string; parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
interface JsonSchema { type?: string; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema }
interface Doc { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } }
let doc: Doc;

test.before(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
  assert.is(res.statusCode, 200, res.body);
  doc = res.json();
});
test.after(async () => t.close());

/**
 * Every route of the app as `METHOD /path`, read from Fastify's own route tree (no help from the docs plugin). The
 * tree prints each node's segment under its parent, 4 columns deeper per level; with ignoreTrailingSlash the router
 * keeps paths without their trailing slash.
 */
function registeredRoutes(): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[└├]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url: stack.join('') });
  }
  return routes;
}

/**
 * One key for a Fastify path and an OpenAPI path: `/a/:id/` and `/a/{id}/` both give `/a/{}`. Parameter names are
 * left out because the tree prints params of sibling routes as one node (`:type|:id`); the trailing slash because
 * the router drops it and the document keeps it.
 */
const pathKey = (url: string) => url.replace(/:\w+(\|:\w+)*/g, '{}').replace(/\{\w+\}/g, '{}').replace(/\/$/, '');

test('every registered /api/ route is in the document', () => {
  const routes = registeredRoutes().filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(`${DOCS_PREFIX}`) && r.method !== 'HEAD');
  assert.ok(routes.length > 100, `found only ${routes.length} routes: the route tree did not parse`);
  assert.ok(routes.some((r) => r.method === 'PATCH' && r.url === '/api/update_reserve_price/:id'), 'the route tree parser lost a nested route');
  const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${pathKey(path)}`)));
  const missing = routes.map((r) => `${r.method} ${pathKey(r.url)}`).filter((route) => !documented.has(route));
  assert.equal(missing, [], `routes missing from ${DOCS_PREFIX}/json`);
});

test('every documented operation is tagged with its feature and has a summary', () => {
  const untagged: string[] = [];
  const unsummarised: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.tags?.length) untagged.push(`${method} ${path}`);
      if (!op.summary) unsummarised.push(`${method} ${path}`);
    }
  }
  assert.equal(untagged, []);
  assert.equal(unsummarised, []);
  assert.equal(doc.paths['/api/bids/'].post.tags, ['bidding']);
  assert.equal(doc.paths['/api/user_wallet/'].get.tags, ['wallet']);
});

test('a body schema comes from the zod schema the handler parses: POST /api/bids/', () => {
  const body = doc.paths['/api/bids/'].post.requestBody?.content['application/json'].schema;
  assert.ok(body, 'POST /api/bids/ has no request body');
  assert.is(body.type, 'object');
  for (const field of ['bid', 'lot', 'slug']) assert.ok(body.properties?.[field], `body lacks ${field}`);
  assert.equal([...(body.required ?? [])].sort(), ['bid', 'lot']);
});

test('query and path parameters are documented', () => {
  const list = doc.paths['/api/transactions/{type}/'].get;
  const names = (list.parameters ?? []).map((p) => `${p.in}:${p.name}`);
  assert.ok(names.includes('path:type'), names.join());
  assert.ok(names.includes('query:page'), names.join());
  assert.ok(names.includes('query:page_size'), names.join());
});

test('a query schema built with z.preprocess (repeated values) still documents its fields', () => {
  const lots = doc.paths['/api/lots/'].get;
  const names = (lots.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  assert.ok(names.length >= 5, `GET /api/lots/ documents only ${names.join()}`);
});

test('websocket routes are hidden and bearer auth is declared', () => {
  assert.not.ok(Object.keys(doc.paths).some((p) => p.startsWith('/ws/')));
  assert.ok(doc.components.securitySchemes.bearerAuth);
  assert.match(doc.openapi, /^3\./);
});

test('GET /api/docs answers the interactive reference (HTML, assets served locally)', async () => {
  const page = await t.app.inject({ method: 'GET', url: DOCS_PREFIX });
  const html = page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: page.headers.location as string }) : page;
  assert.is(html.statusCode, 200);
  assert.match(String(html.headers['content-type']), /text\/html/);
  assert.match(html.body, /swagger/i);
  const init = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
  assert.is(init.statusCode, 200);
  assert.match(init.body, /json/);
});

test('route schemas validate: the API error shape, and the handler gets the transformed values', async () => {
  const bad = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: {} });
  assert.is(bad.statusCode, 400, bad.body);
  assert.ok(Array.isArray(bad.json().email), bad.body);
  // `page` arrives as a string; the route's schema coerces it.
  const list = await t.app.inject({ method: 'GET', url: '/api/article/?page=1&page_size=2' });
  assert.is(list.statusCode, 200, list.body);
});

test.run();
