import type { FastifyInstance } from 'fastify';

interface RouteEntry { method: string; url: string }

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after buildApp started, for checks over the whole route table (tests, docs). */
    routeTable: RouteEntry[];
  }
}

/** Records each route as it is registered; call before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) table.push({ method, url: route.url });
  });
}
