/**
 * What the web client needs to show the social sign-in buttons, and what the page's CSP must allow for them.
 *
 * `GET /api/social_auth/providers/` names each configured provider with its PUBLIC client id and the script the
 * client loads (never the Facebook app secret); a provider that is not configured is null, and the client shows no
 * button for it. The CSP allowances are derived from the same script URLs (docs/security.md, "Social sign-in"), so a
 * stand-in script (the browser tests' fake on 127.0.0.1) is what gets allowed, and nothing when no provider is on.
 */
import { z } from 'zod';
import type { Config } from '../../../infra/config/config';

export const socialProvidersAnswer = z.object({
  google: z.object({ client_id: z.string().min(1), script_url: z.url() }).nullable(),
  facebook: z.object({ app_id: z.string().min(1), sdk_url: z.url(), version: z.string().regex(/^v\d+\.\d+$/) }).nullable(),
});
type SocialProvidersAnswer = z.infer<typeof socialProvidersAnswer>;

/** The Graph API version of `FACEBOOK_GRAPH_URL` (…/v19.0) is the one the SDK is initialised with. */
const DEFAULT_FB_VERSION = 'v19.0';
export function facebookVersion(graphUrl: string): string {
  const last = graphUrl.replace(/\/$/, '').split('/').pop() ?? '';
  return /^v\d+\.\d+$/.test(last) ? last : DEFAULT_FB_VERSION;
}

const googleEnabled = (config: Pick<Config, 'google'>) => !!config.google.clientId;
const facebookEnabled = (config: Pick<Config, 'facebook'>) => !!(config.facebook.appId && config.facebook.appSecret);

/** Parsed once at start: a malformed script URL stops the server rather than breaking the buttons later. */
export function socialProviders(config: Pick<Config, 'google' | 'facebook'>): SocialProvidersAnswer {
  const { google, facebook } = config;
  return socialProvidersAnswer.parse({
    google: googleEnabled(config) ? { client_id: google.clientId, script_url: google.scriptUrl } : null,
    facebook: facebookEnabled(config)
      ? { app_id: facebook.appId, sdk_url: facebook.sdkUrl, version: facebookVersion(facebook.graphUrl) }
      : null,
  });
}

type CspAllowances = Partial<Record<'script-src' | 'style-src' | 'frame-src' | 'connect-src', string[]>>;

/** A URL as a CSP source expression: scheme, host, port and path (a query has no place in one). */
function source(url: URL): string {
  const text = `${url.origin}${url.pathname}`;
  if (!/^https?:$/.test(url.protocol) || /[\s;,'"]/.test(text)) throw new Error(`not usable in a Content-Security-Policy: ${url.href}`);
  return text;
}

const FACEBOOK_SDK_ORIGIN = 'https://connect.facebook.net';

/**
 * Google documents for Identity Services: script-src …/gsi/client; frame-src and connect-src …/gsi/; style-src
 * …/gsi/style: all beside the script, so they are taken relative to GOOGLE_GSI_URL. Facebook documents for its SDK:
 * script-src https://connect.facebook.net; frame-src https://www.facebook.com https://web.facebook.com; connect-src
 * https://graph.facebook.com https://www.facebook.com. A stand-in SDK elsewhere (tests) gets its own origin instead.
 */
export function socialCspAllowances(config: Pick<Config, 'google' | 'facebook'>): CspAllowances {
  const allow: Required<CspAllowances> = { 'script-src': [], 'style-src': [], 'frame-src': [], 'connect-src': [] };
  if (googleEnabled(config)) {
    const script = new URL(config.google.scriptUrl);
    const folder = source(new URL('./', script));
    allow['script-src'].push(source(script));
    allow['style-src'].push(source(new URL('./style', script)));
    allow['frame-src'].push(folder);
    allow['connect-src'].push(folder);
  }
  if (facebookEnabled(config)) {
    const sdk = new URL(config.facebook.sdkUrl);
    const origin = source(new URL('/', sdk)).replace(/\/$/, '');
    allow['script-src'].push(origin);
    const real = origin === FACEBOOK_SDK_ORIGIN;
    allow['frame-src'].push(...(real ? ['https://www.facebook.com', 'https://web.facebook.com'] : [origin]));
    allow['connect-src'].push(...(real ? ['https://graph.facebook.com', 'https://www.facebook.com'] : [origin]));
  }
  return Object.fromEntries(Object.entries(allow).filter(([, values]) => values.length > 0));
}
