/** /api/auth/*: sign-up, verification, sign-in, token refresh, logout, websocket tickets; social sign-in (social/). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { parseBody } from '../../infra/http/validation';
import { answers, messageAnswer } from '../../infra/http/answers';
import { refreshedAnswer, signedInAnswer, wsTicketAnswer } from './answers';
import { Throttled, Unauthorized } from '../../domain/shared/errors';
import { throttledMessage } from './throttle';
import { loginSchema, refreshRequestSchema, refreshSchema, registrationSchema, tokenSchema } from './schemas';
import { REGISTERED, verifyEmailToken } from './registration';
import { signUp } from './sign-up';
import { guarded } from '../limits/guesses';
import { login } from './login';
import { revokeUserSessions, rotateRefresh } from './sessions';
import { issueWsTicket } from './ws-tickets';
import { socialRoutes } from './social/social-routes';
import { assertSameSiteCall, clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';

const LOGGED_OUT = 'You have been logged out.';

export function authRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const registration = registrationSchema(() => ctx.clock.now());
  app.post('/api/auth/register/', { schema: { summary: 'Register (sends a verification email)', body: registration, response: answers({ 201: messageAnswer }, 400, 429, 503) } }, async (request, reply) => {
    const form = { ...request.body };
    // The same answer whether the email is new or taken (the owner of a taken one is emailed instead).
    await signUp(ctx, form, request.ip, request.id);
    return reply.status(201).send({ detail: REGISTERED });
  });

  // Every answer that signs someone in also sets the refresh cookie (the web client's only copy); the JSON keeps its
  // fields for API clients.
  app.post('/api/auth/verify_email/', { schema: { summary: 'Verify the email and sign in', body: tokenSchema, response: answers({ 200: signedInAnswer }, 400, 429) } }, async (request, reply) => {
    const { token } = request.body;
    const answer = await guarded(ctx, request.ip, () => verifyEmailToken(ctx, token, request.id));
    setRefreshCookie(request, reply, answer.refresh, false);
    return answer;
  });

  // An address the hashing queue keeps refusing is answered before its body is even read (login.ts checks again).
  const refuseFlooding = async (request: FastifyRequest) => {
    const wait = ctx.passwords.refusals.lockedFor(request.ip, ctx.clock.now());
    if (wait > 0) throw new Throttled(throttledMessage(wait), wait);
  };
  app.post('/api/auth/login/', { schema: { summary: 'Sign in', body: loginSchema, response: answers({ 200: signedInAnswer }, 400, 429, 503) }, onRequest: refuseFlooding }, async (request, reply) => {
    const input = { ...request.body };
    const answer = await login(ctx, input, request.ip);
    setRefreshCookie(request, reply, answer.refresh, input.remember_me);
    return answer;
  });

  // The refresh token comes in the body (API clients: the rotated one comes back in the body) or in the cookie (the
  // web client: the rotated one goes back only in the cookie, so no page script ever reads it). No Idempotency-Key:
  // a stored answer would keep a live token, and a replay would not set the cookie.
  app.post('/api/auth/refresh_token', { config: { idempotency: false }, schema: { summary: 'Rotate the refresh token for a new access token (body or cookie)', body: refreshRequestSchema, response: answers({ 200: refreshedAnswer }, 400, 401, 403) } }, async (request, reply) => {
    const { refresh: given } = request.body;
    const cookie = given ? null : refreshCookieOf(request);
    if (!given && !cookie) parseBody(refreshSchema, request.body ?? {}); // the field error API clients always had
    if (given) {
      const { access, refresh } = await rotateRefresh(ctx, given);
      return { data: { access, refresh } };
    }
    assertSameSiteCall(ctx, request);
    try {
      const { access, refresh, remember } = await rotateRefresh(ctx, cookie!);
      setRefreshCookie(request, reply, refresh, remember);
      return { data: { access } };
    } catch (error) {
      // A dead cookie is not sent again (a database outage is no reason to sign anyone out).
      if (error instanceof Unauthorized) clearRefreshCookie(request, reply);
      throw error;
    }
  });

  // Logout: ends every session of the user and closes their sockets; harmless when anonymous. The user is the bearer
  // token's, or, without one, the refresh cookie's (then only from our own page: the CSRF rule). The cookie is cleared.
  app.get('/api/auth/clear_ws_connections/', { schema: { summary: "Log out (ends the user's sessions, closes sockets)", response: answers({ 200: messageAnswer }, 403) } }, async (request, reply) => {
    let userId = request.user?.id ?? null;
    const cookie = refreshCookieOf(request);
    if (!userId && cookie) {
      assertSameSiteCall(ctx, request);
      const claims = await ctx.tokens.verifyRefresh(cookie);
      if (typeof claims !== 'string') userId = claims.sub;
    }
    // The product rule: logout ends every session of the user (all devices), not only this one.
    if (userId) await revokeUserSessions(ctx, userId, 'logout');
    if (cookie || request.user) clearRefreshCookie(request, reply);
    return { detail: LOGGED_OUT };
  });

  app.get('/api/auth/get_ws_ticket/', { schema: { summary: 'A single-use websocket ticket', response: answers({ 200: wsTicketAnswer }) } }, async (request) => ({ ticket_uuid: await issueWsTicket(ctx, request.user) }));

  socialRoutes(app, ctx);
}
