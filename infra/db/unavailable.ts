/**
 * "The database cannot be reached right now": PostgreSQL down, restarting or refusing connections. Such a failure is
 * temporary and says nothing about the request, so the API answers 503 with Retry-After (infra/http/errors.ts)
 * rather than 500, and the pool reconnects by itself once PostgreSQL is back (infra/db/database.ts).
 */

/** Socket errors of a connection attempt or of a connection that broke. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs: 57P01 admin_shutdown (fast or smart stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up
 * or shutting down), 53300 too_many_connections; class 08 is connection_exception.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and pg-pool raise these as plain Errors without a code. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
];

/** True when `error` (or its cause, or any error of an AggregateError) is a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (!code && PG_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
