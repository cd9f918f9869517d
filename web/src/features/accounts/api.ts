/**
 * Social sign-in calls: which providers this site has (GET /api/social_auth/providers/, asked once per page load) and
 * the token exchange (POST /api/social_auth/{google|facebook}/ {auth_token}), which answers like a password login
 * (tokens, the refresh cookie set by the server) plus the user and `is_completed`.
 */
import { get, post } from '../../api/http';
import type { SocialProviders, SocialSignedIn } from '../../api/contract';
import { unwrap } from '../../lib/normalize';

export type { SocialProviders } from '../../api/contract';

export type SocialProvider = 'google' | 'facebook';

const NONE: SocialProviders = { google: null, facebook: null };
let providers: Promise<SocialProviders> | null = null;

/** The configured providers; none when the server cannot say (the buttons are then simply not shown). */
export function fetchSocialProviders(): Promise<SocialProviders> {
  providers ??= get<SocialProviders>('/api/social_auth/providers/', undefined, { auth: false })
    .then((answer) => ({ ...NONE, ...unwrap<Partial<SocialProviders>>(answer) }))
    .catch((error) => {
      console.warn('Could not load the sign-in providers', error);
      providers = null;
      return NONE;
    });
  return providers;
}

export type SocialAnswer = SocialSignedIn;

export const exchangeSocialToken = (provider: SocialProvider, authToken: string) =>
  post<SocialAnswer>(`/api/social_auth/${provider}/`, { auth_token: authToken }, { auth: false }).then((v) => unwrap<SocialAnswer>(v));
