/**
 * Google ID tokens (Sign in with Google gives the client one): an RS256 JWT checked against Google's published keys
 * (`GOOGLE_JWKS_URL`, fetched and cached by jose, refetched when an unknown key id appears): signature, issuer,
 * audience = our `GOOGLE_CLIENT_ID`, expiry (by the app's clock), and `email_verified`.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../../../infra/config/config';
import { ProviderUnavailable, TokenRefused, type SocialProfile } from './providers';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    keySets.set(url, set);
  }
  return set;
}

export async function verifyGoogleIdToken(config: Config['google'] & { clientId: string }, token: string, now: Date): Promise<SocialProfile> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keySet(config.jwksUrl), {
      issuer: ISSUERS, audience: config.clientId, algorithms: ['RS256'], currentDate: now, requiredClaims: ['sub', 'exp'],
    }));
  } catch (error) {
    // The key set could not be had: the provider's side. Every other jose error is about the token itself.
    if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError)) {
      throw new ProviderUnavailable(String(error));
    }
    throw new TokenRefused(error.code);
  }
  const email = typeof payload.email === 'string' ? payload.email : '';
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  return {
    provider: 'google', subject: String(payload.sub), email: verified ? email : '',
    first_name: typeof payload.given_name === 'string' ? payload.given_name : '',
    last_name: typeof payload.family_name === 'string' ? payload.family_name : '',
  };
}
