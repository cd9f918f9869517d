/**
 * A local stand-in for Google and Facebook, for the social sign-in tests (not a test file itself): one HTTP server on
 * 127.0.0.1 that publishes a key set (`/jwks`) whose key signs the Google ID tokens made here, answers the Graph API's
 * `/graph/debug_token` and `/graph/me` for the Facebook tokens it knows, and, for the browser tests, serves a fake
 * Google Identity Services script (`/gsi/client`, `/gsi/style`) and a fake Facebook SDK (`/fb/sdk.js`) whose buttons
 * get their tokens from `/gsi/token` and `/fb/token` for the person the test chose (`nextGoogle`, `nextFacebook`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { fakeFacebookSdk, fakeGsiClient, FAKE_GSI_STYLE } from './fake-scripts';
import type { Config } from '../../../../infra/config/config';

interface FacebookPerson { id: string; email?: string; first_name?: string; last_name?: string }
interface KnownFacebookToken { app: string; valid: boolean; person: FacebookPerson }
export interface GoogleTokenOptions { key?: CryptoKey; audience?: string; expiresIn?: number; issuer?: string }

export interface FakeProviders {
  /** http://127.0.0.1:<port> */
  base: string;
  jwksUrl: string;
  graphUrl: string;
  gsiUrl: string;
  sdkUrl: string;
  /** A key that is not in the key set (a forged signature). */
  otherKey: CryptoKey;
  /** Facebook user tokens the fake Graph API knows. */
  fbTokens: Map<string, KnownFacebookToken>;
  /** The claims of the Google account the fake GSI button signs in as (sub and email at least). */
  nextGoogle: Record<string, unknown> | null;
  /** The person the fake Facebook login dialog signs in as. */
  nextFacebook: FacebookPerson | null;
  /** The `client_id` / `appId` (and version) the page initialised the fake scripts with, last seen. */
  seen: { googleClientId?: string; facebookAppId?: string; facebookVersion?: string };
  googleToken(claims: Record<string, unknown>, options?: GoogleTokenOptions): Promise<string>;
  /**
   * The app's `google` and `facebook` settings pointed at this stand-in: both providers on with the ids it was made
   * with, or (`configured` false) both off, their URLs still here.
   */
  settings(configured?: boolean): Pick<Config, 'google' | 'facebook'>;
  close(): Promise<void>;
}

/**
 * `now` is the clock the app under test checks expiry with; `googleClientId` the default audience; `facebook` the
 * app whose token is the app token of `debug_token`.
 */
export async function startFakeProviders(options: {
  now: () => Date; googleClientId: string; facebook: { appId: string; appSecret: string };
}): Promise<FakeProviders> {
  const pair = await generateKeyPair('RS256');
  const otherKey = (await generateKeyPair('RS256')).privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  let issued = 0;
  const fake: FakeProviders = {
    base: '', jwksUrl: '', graphUrl: '', gsiUrl: '', sdkUrl: '', otherKey,
    fbTokens: new Map(), nextGoogle: null, nextFacebook: null, seen: {},
    async googleToken(claims, o = {}) {
      const now = Math.floor(options.now().getTime() / 1000);
      return new SignJWT({ email_verified: true, given_name: 'Morag', family_name: 'Bell', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(o.issuer ?? 'https://accounts.google.com')
        .setAudience(o.audience ?? options.googleClientId)
        .setSubject(String(claims.sub ?? 'g-1'))
        .setIssuedAt(now)
        .setExpirationTime(now + (o.expiresIn ?? 3600))
        .sign(o.key ?? (pair.privateKey as CryptoKey));
    },
    settings: (configured = true) => ({
      google: { clientId: configured ? options.googleClientId : null, jwksUrl: fake.jwksUrl, scriptUrl: fake.gsiUrl },
      facebook: { ...(configured ? options.facebook : { appId: null, appSecret: null }), graphUrl: fake.graphUrl, sdkUrl: fake.sdkUrl },
    }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const appToken = `${options.facebook.appId}|${options.facebook.appSecret}`;
  async function route(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    // The browser scripts call /gsi/token and /fb/token from the app's page, another origin.
    const send = (status: number, body: unknown, type = 'application/json') => res
      .writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));
    switch (url.pathname) {
      case '/jwks': return send(200, { keys: [jwk] });
      case '/graph/debug_token': {
        if (q('access_token') !== appToken) return send(400, { error: { message: 'bad app token' } });
        const known = fake.fbTokens.get(q('input_token'));
        if (!known) return send(200, { data: { is_valid: false, error: { message: 'Invalid OAuth access token.' } } });
        return send(200, { data: { is_valid: known.valid, app_id: known.app, user_id: known.person.id } });
      }
      case '/graph/me': {
        const known = fake.fbTokens.get(q('access_token'));
        if (!known || !q('appsecret_proof')) return send(400, { error: { message: 'Invalid OAuth access token.' } });
        return send(200, known.person);
      }
      case '/gsi/client': return send(200, fakeGsiClient(fake.base), 'text/javascript');
      case '/gsi/style': return send(200, FAKE_GSI_STYLE, 'text/css');
      case '/gsi/token': {
        // The token's audience is the client id the page initialised GSI with: a wrong one is refused by the server.
        fake.seen.googleClientId = q('client_id');
        if (!fake.nextGoogle) return send(200, { error: 'popup_closed' });
        return send(200, { credential: await fake.googleToken(fake.nextGoogle, { audience: q('client_id') }) });
      }
      case '/fb/sdk.js': return send(200, fakeFacebookSdk(fake.base), 'text/javascript');
      case '/fb/token': {
        Object.assign(fake.seen, { facebookAppId: q('app_id'), facebookVersion: q('version') });
        if (!fake.nextFacebook) return send(200, { status: 'unknown' });
        const accessToken = `fb-web-${++issued}`;
        // Issued to the app the page named: another app's id would be refused by debug_token's check.
        fake.fbTokens.set(accessToken, { app: q('app_id'), valid: true, person: fake.nextFacebook });
        return send(200, { status: 'connected', accessToken, userID: fake.nextFacebook.id });
      }
      default: return send(404, {});
    }
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(fake, {
    base, jwksUrl: `${base}/jwks`, graphUrl: `${base}/graph`, gsiUrl: `${base}/gsi/client`, sdkUrl: `${base}/fb/sdk.js`,
  });
  return fake;
}
