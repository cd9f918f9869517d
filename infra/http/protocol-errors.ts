/**
 * Errors that happen outside any route, answered in the API's `{detail}` shape like every other error
 * (docs/api.md, "Errors"):
 * - the HTTP parser's refusals (headers too large, a malformed request line, a request too slow to arrive), which
 *   Node reports on the socket before Fastify sees a request;
 * - a known path asked with a method it does not have (405 with `Allow`; the router alone would say 404);
 * - requests that arrive while the server is shutting down (503; Fastify's own answer has another shape).
 */
import type { Duplex } from 'node:stream';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { detailForStatus } from './errors';

const REASON: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** The status for a parser error code; everything the parser refuses that is not one of these is a bad request. */
export function clientErrorStatus(code: string | undefined): 400 | 408 | 431 {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * Node's `clientError` (Fastify's `clientErrorHandler`, and the cluster's internal listener): there is no request
 * or reply, only the socket, so the answer is written by hand and the connection closed, as Node itself does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // The peer is gone: nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = clientErrorStatus(error.code);
  const body = JSON.stringify({ detail: detailForStatus(status) });
  // On a kept-alive connection an earlier answer may be half written: adding one would corrupt it.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${REASON[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' + body,
    );
  }
  socket.destroy(error);
}

/** The order methods are listed in an `Allow` header. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the router has a route for at this URL; empty when the path itself is unknown. Asked only on the way
 * to a 404, so a correct request never pays for it.
 */
export function allowedMethods(app: FastifyInstance, url: string): string[] {
  const known = new Set(app.routeTable.map((r) => r.method));
  if (known.has('GET')) known.add('HEAD');
  const order = (m: string) => (METHOD_ORDER.includes(m) ? METHOD_ORDER.indexOf(m) : METHOD_ORDER.length);
  return [...known]
    .filter((method) => app.findRoute({ method: method as HTTPMethods, url }) !== null)
    .sort((a, b) => order(a) - order(b));
}

/** Seconds a caller is told to wait when it reaches a node that is shutting down (another node, or this one restarted). */
const CLOSING_RETRY_AFTER = 2;

/**
 * Once close() starts, new requests (on kept-alive connections) are refused with 503 before any hook does work; the
 * requests already running finish. Replaces Fastify's `return503OnClosing`, whose body is not the API's shape.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => { closing = true; done(); });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.status(503).header('Connection', 'close').header('Retry-After', String(CLOSING_RETRY_AFTER))
      .send({ detail: detailForStatus(503) });
  });
}
