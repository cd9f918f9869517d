/** What a provider tells about the person once their token checks out, and the ways a check can fail. */
import type { SocialProvider } from '../../../domain/accounts/events';

export interface SocialProfile {
  provider: SocialProvider;
  /** The provider's stable id for the person. */
  subject: string;
  /** Verified by the provider (a token without a verified email is refused before this exists). */
  email: string;
  first_name: string;
  last_name: string;
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const notConfigured = (p: SocialProvider) => `Sign-in with ${PROVIDER_NAMES[p]} is not available on this site.`;
export const unreachable = (p: SocialProvider) => `Sign-in with ${PROVIDER_NAMES[p]} is not available right now. Please try again in a moment.`;
export const refused = (p: SocialProvider) => `${PROVIDER_NAMES[p]} could not confirm this sign-in. Please try again.`;
export const noVerifiedEmail = (p: SocialProvider) =>
  `Your ${PROVIDER_NAMES[p]} account has no verified email address. Please verify it there, or register with your email.`;

/** The token is bad (signature, audience, issuer, expiry, app) or says too little: the caller's fault. */
export class TokenRefused extends Error {}
/** The provider could not be asked (network, its keys or API answer unusable): nobody's fault, try later. */
export class ProviderUnavailable extends Error {}
