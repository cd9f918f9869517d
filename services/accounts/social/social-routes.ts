/**
 * GET /api/social_auth/providers/: the configured providers and their public ids (client-settings.ts).
 * POST /api/social_auth/google/ and /facebook/ {auth_token}: a Google ID token, or a Facebook user access token.
 * A provider without its settings answers 400 saying sign-in with it is not available; one that cannot be reached
 * answers 503. A refused token counts as a wrong guess for the caller's address (services/limits/guesses.ts).
 */
import { setRefreshCookie } from '../refresh-cookie';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { RuleBroken, ValidationError } from '../../../domain/shared/errors';
import type { SocialProvider } from '../../../domain/accounts/events';
import { answers } from '../../../infra/http/answers';
import { socialSignedInAnswer } from '../answers';
import { guarded } from '../../limits/guesses';
import { verifyGoogleIdToken } from './google';
import { verifyFacebookToken } from './facebook';
import { noVerifiedEmail, notConfigured, ProviderUnavailable, refused, TokenRefused, unreachable, type SocialProfile } from './providers';
import { socialSignIn } from './social-sign-in';
import { socialProviders, socialProvidersAnswer } from './client-settings';

const body = z.object({ auth_token: z.string({ error: 'This field is required' }).trim().min(1, 'This field is required').max(8192, 'Invalid token.') });

async function checkToken(ctx: AppContext, provider: SocialProvider, token: string): Promise<SocialProfile> {
  const { google, facebook } = ctx.config;
  if (provider === 'google') {
    if (!google.clientId) throw new RuleBroken(notConfigured(provider));
    return verifyGoogleIdToken({ ...google, clientId: google.clientId }, token, ctx.clock.now());
  }
  if (!facebook.appId || !facebook.appSecret) throw new RuleBroken(notConfigured(provider));
  return verifyFacebookToken({ appId: facebook.appId, appSecret: facebook.appSecret, graphUrl: facebook.graphUrl }, token);
}

export function socialRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const providers = socialProviders(ctx.config);
  app.get('/api/social_auth/providers/', {
    schema: { summary: 'The social sign-in providers configured here, with their public client ids (null: not configured)', response: answers({ 200: socialProvidersAnswer }) },
  }, async () => providers);
  for (const provider of ['google', 'facebook'] as const) {
    app.post(`/api/social_auth/${provider}/`, { schema: { summary: `Sign in with ${provider} (auth_token)`, body, response: answers({ 200: socialSignedInAnswer }, 400, 429, 503) } }, async (request, reply) => {
      const { auth_token } = request.body;
      let profile: SocialProfile;
      try {
        profile = await guarded(ctx, request.ip, async () => {
          try {
            return await checkToken(ctx, provider, auth_token);
          } catch (error) {
            if (error instanceof TokenRefused) throw new ValidationError({}, refused(provider));
            throw error;
          }
        });
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        request.log.warn({ err: error, provider }, 'social sign-in: provider unavailable');
        return reply.status(503).header('Retry-After', '30').send({ detail: unreachable(provider) });
      }
      if (!profile.email) throw new RuleBroken(noVerifiedEmail(provider));
      const answer = await socialSignIn(ctx, profile, request.id);
      setRefreshCookie(request, reply, answer.refresh, false);
      return answer;
    });
  }
}
