/** /api/auth/*: sign-up, verification, sign-in, token refresh, logout, websocket tickets; social sign-in (off). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { parseBody } from '../http/validation';
import { RuleBroken } from '../../domain/shared/errors';
import { loginSchema, refreshSchema, registrationSchema, tokenSchema } from './schemas';
import { register, REGISTERED, verifyEmailToken } from './registration';
import { login } from './login';
import { revokeUserSessions, rotateRefresh } from './sessions';
import { issueWsTicket } from './ws-tickets';

export const SOCIAL_UNAVAILABLE = 'Social sign-in is not available.';
export const LOGGED_OUT = 'You have been logged out.';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/auth/register/', { schema: { summary: 'Register (sends a verification email)', body: registrationSchema(ctx.clock.now()) } }, async (request, reply) => {
    const form = parseBody(registrationSchema(ctx.clock.now()), request.body);
    await register(ctx, form, request);
    return reply.status(201).send({ detail: REGISTERED });
  });

  app.post('/api/auth/verify_email/', { schema: { summary: 'Verify the email and sign in', body: tokenSchema } }, async (request) => {
    const { token } = parseBody(tokenSchema, request.body);
    return verifyEmailToken(ctx, token, request.id);
  });

  app.post('/api/auth/login/', { schema: { summary: 'Sign in', body: loginSchema } }, async (request) => {
    const input = parseBody(loginSchema, request.body);
    return login(ctx, input, request.ip);
  });

  app.post('/api/auth/refresh_token', { schema: { summary: 'Rotate the refresh token for a new access token', body: refreshSchema } }, async (request) => {
    const { refresh } = parseBody(refreshSchema, request.body);
    return { data: await rotateRefresh(ctx, refresh) };
  });

  // Logout: ends this session (its refresh family) and closes the user's sockets. Harmless when anonymous.
  app.get('/api/auth/clear_ws_connections/', { schema: { summary: "Log out (ends the user's sessions, closes sockets)" } }, async (request) => {
    if (request.user) {
      // The product rule: logout ends every session of the user (all devices), not only this one.
      await revokeUserSessions(ctx, request.user.id, 'logout');
    }
    return { detail: LOGGED_OUT };
  });

  app.get('/api/auth/get_ws_ticket/', { schema: { summary: 'A single-use websocket ticket' } }, async (request) => ({ ticket_uuid: await issueWsTicket(ctx, request.user) }));

  // No identity provider can be reached from this deployment: say so plainly instead of failing obscurely.
  for (const provider of ['google', 'facebook']) {
    app.post(`/api/social_auth/${provider}/`, { schema: { summary: `Sign in with ${provider} (not available)` } }, async () => {
      throw new RuleBroken(SOCIAL_UNAVAILABLE);
    });
  }
}
