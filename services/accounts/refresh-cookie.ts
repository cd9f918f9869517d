/**
 * The web client's refresh token lives in an HttpOnly cookie, out of reach of page scripts (docs/accounts.md,
 * "Where the tokens live"). It is SameSite=Strict, scoped to /api/auth/ (the refresh and logout calls are the only
 * readers), Secure when the request came over https (request.protocol honours X-Forwarded-Proto with TRUST_PROXY),
 * and lasts 30 days with remember_me, the browser session otherwise (the token inside still expires on its own).
 *
 * A call the cookie authenticates is one a browser may send on its own, so it must also prove it comes from our own
 * page: the X-CSRF header (a cross-site form or image cannot set a custom header, and a cross-site fetch with one
 * needs a CORS preflight this server never grants) and, when the browser names an Origin, our own origin.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { Forbidden } from '../../domain/shared/errors';
import { REFRESH_REMEMBER_TTL_SECONDS } from '../../infra/auth/tokens';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/auth/';
const CSRF_HEADER = 'x-csrf';
export const CSRF_MISSING = 'This request must carry the X-CSRF header.';
export const ORIGIN_REFUSED = 'This request comes from another site.';

const baseOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: REFRESH_COOKIE_PATH,
  secure: request.protocol === 'https',
});

/**
 * Not a credential: `signed_in=1`, readable by the page, goes with the refresh cookie (same lifetime) and goes with it.
 * Page scripts cannot see the HttpOnly cookie, so without this hint every page load had to ask the server for a
 * refresh before its first call, a round trip that cannot succeed for a visitor who never signed in (most of them).
 * With it the client asks only when a session may exist (docs/accounts.md, "Where the tokens live").
 */
export const SESSION_HINT_COOKIE = 'signed_in';

const hintOptions = (request: FastifyRequest) => ({
  httpOnly: false,
  sameSite: 'strict' as const,
  path: '/',
  secure: request.protocol === 'https',
});

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, remember: boolean): void {
  const lifetime = remember ? { maxAge: REFRESH_REMEMBER_TTL_SECONDS } : {};
  reply.setCookie(REFRESH_COOKIE, token, { ...baseOptions(request), ...lifetime });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(request), ...lifetime });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, baseOptions(request));
  reply.clearCookie(SESSION_HINT_COOKIE, hintOptions(request));
}

export function refreshCookieOf(request: FastifyRequest): string | null {
  const value = request.cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : null;
}

/** The origins our own pages are served from: PUBLIC_URL's, and the one this request was addressed to. */
function ownOrigins(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): string[] {
  const origins = [`${request.protocol}://${request.host}`];
  try {
    origins.push(new URL(ctx.config.publicUrl).origin);
  } catch {
    /* a malformed PUBLIC_URL only leaves the Host */
  }
  return origins;
}

/** Refuses (403) a cookie-authenticated call that lacks the X-CSRF header or names a foreign Origin. */
export function assertSameSiteCall(ctx: Pick<AppContext, 'config'>, request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && !ownOrigins(ctx, request).includes(String(origin).toLowerCase())) throw new Forbidden(ORIGIN_REFUSED);
  if (request.headers[CSRF_HEADER] === undefined) throw new Forbidden(CSRF_MISSING);
}
