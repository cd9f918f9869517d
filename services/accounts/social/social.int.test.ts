import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../testing/harness';
import { call, createIncompleteUser, registrationForm, STRONG_PASSWORD } from '../testing';
import { startFakeProviders, type FakeProviders, type GoogleTokenOptions } from './testing/fake-providers';
import { clientCsp } from '../../../infra/http/security-headers';
import { facebookVersion, socialCspAllowances } from './client-settings';

const CLIENT_ID = 'whisky-test.apps.googleusercontent.com';
const FB_APP = '1234567890';
const FB_SECRET = 'fb-secret';

let t: TestApp;
let off: TestApp;
let fake: FakeProviders;
let otherKey: CryptoKey;

test.before(async () => {
  fake = await startFakeProviders({ now: () => t.clock.now(), googleClientId: CLIENT_ID, facebook: { appId: FB_APP, appSecret: FB_SECRET } });
  otherKey = fake.otherKey;
  t = await startTestApp({
    config: fake.settings(),
  });
  off = await startTestApp({
    workers: false,
    config: fake.settings(false),
  });
});

test.after(async () => {
  await t.close();
  await off.close();
  await fake.close();
});

const googleToken = (claims: Record<string, unknown>, options: GoogleTokenOptions = {}) => fake.googleToken(claims, options);

const google = (token: string, ip?: string) => call(t, 'POST', '/api/social_auth/google/', { auth_token: token }, ip ? { ip } : {});

test('google: a valid ID token for a new email makes a verified, incomplete account and signs it in', async () => {
  const res = await google(await googleToken({ sub: 'g-100', email: 'Morag@Gmail.test' }));
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal([body.created, body.is_completed, body.is_staff, body.user.email, body.user.first_name, body.user.is_verified], [true, false, false, 'morag@gmail.test', 'Morag', true]);
  const me = await call(t, 'GET', '/api/users/current/', undefined, { token: body.access });
  assert.equal([me.statusCode, me.json().email], [200, 'morag@gmail.test']);
  const events = await t.ctx.store.readStream(`user-${body.user.id}`);
  assert.ok(events.some((e) => e.type === 'SocialIdentityLinked' && (e.data as { subject: string }).subject === 'g-100'));
  // Again: the same account, nothing new linked.
  const again = await google(await googleToken({ sub: 'g-100', email: 'morag@gmail.test' }));
  assert.equal([again.statusCode, again.json().created, again.json().user.id], [200, false, body.user.id]);
  assert.is((await t.ctx.store.readStream(`user-${body.user.id}`)).length, events.length);
});

test('google: an existing verified account with that email is signed in and linked, complete profile kept', async () => {
  const existing = await createIncompleteUser(t, 'ewan@whisky.test', { first_name: 'Ewan', last_name: 'Ross' });
  const res = await google(await googleToken({ sub: 'g-200', email: 'ewan@whisky.test', given_name: 'E' }));
  assert.equal([res.statusCode, res.json().created, res.json().user.id, res.json().user.first_name], [200, false, existing.id, 'Ewan']);
});

test("google: an unverified account is verified, and its password (never proven to be the owner's) stops working", async () => {
  assert.is((await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'squat@whisky.test' }))).statusCode, 201);
  const res = await google(await googleToken({ sub: 'g-300', email: 'squat@whisky.test' }));
  assert.equal([res.statusCode, res.json().user.is_verified], [200, true]);
  const login = await call(t, 'POST', '/api/auth/login/', { email: 'squat@whisky.test', password: STRONG_PASSWORD, remember_me: false });
  assert.equal([login.statusCode, login.json()], [400, { detail: 'Unable to log in with provided credentials.' }]);
});

test('google: wrong audience, wrong issuer, expired, bad signature, unverified email are refused', async () => {
  const refusedBody = { detail: 'Google could not confirm this sign-in. Please try again.' };
  const cases: [string, string][] = [
    ['audience', await googleToken({ email: 'a@gmail.test' }, { audience: 'someone-else.apps.googleusercontent.com' })],
    ['issuer', await googleToken({ email: 'a@gmail.test' }, { issuer: 'https://evil.test' })],
    ['expired', await googleToken({ email: 'a@gmail.test' }, { expiresIn: -60 })],
    ['signature', await googleToken({ email: 'a@gmail.test' }, { key: otherKey })],
    ['garbage', 'not.a.jwt'],
  ];
  for (const [name, token] of cases) {
    const res = await google(token, '203.0.113.50');
    assert.equal([res.statusCode, res.json()], [400, refusedBody], name);
  }
  const unverified = await google(await googleToken({ email: 'b@gmail.test', email_verified: false }), '203.0.113.50');
  assert.equal([unverified.statusCode, unverified.json()], [400, { detail: 'Your Google account has no verified email address. Please verify it there, or register with your email.' }]);
  const missing = await call(t, 'POST', '/api/social_auth/google/', {});
  assert.equal([missing.statusCode, missing.json()], [400, { auth_token: ['This field is required'] }]);
});

test('refused tokens count as guesses per address: past the limit, 429 with Retry-After', async () => {
  const ip = '203.0.113.77';
  const { limit } = t.ctx.config.rateLimits.guess_address;
  for (let i = 0; i < limit; i++) assert.is((await google('not.a.jwt', ip)).statusCode, 400);
  const res = await google(await googleToken({ sub: 'g-1', email: 'fine@gmail.test' }), ip);
  assert.is(res.statusCode, 429);
  assert.ok(Number(res.headers['retry-after']) > 0);
  assert.match(res.json().detail, /^Too many wrong codes or links\. Try again in \d+ minutes?\.$/);
});

test('facebook: a valid token of our app signs in (creating the account); invalid, foreign-app and email-less tokens are refused', async () => {
  fake.fbTokens.set('fb-good', { app: FB_APP, valid: true, person: { id: '555', email: 'fiona@fb.test', first_name: 'Fiona', last_name: 'Hay' } });
  fake.fbTokens.set('fb-other-app', { app: '999', valid: true, person: { id: '556', email: 'x@fb.test' } });
  fake.fbTokens.set('fb-expired', { app: FB_APP, valid: false, person: { id: '557', email: 'y@fb.test' } });
  fake.fbTokens.set('fb-no-email', { app: FB_APP, valid: true, person: { id: '558', first_name: 'No' } });
  const fb = (token: string) => call(t, 'POST', '/api/social_auth/facebook/', { auth_token: token }, { ip: '203.0.113.60' });
  const ok = await fb('fb-good');
  assert.equal([ok.statusCode, ok.json().created, ok.json().user.email, ok.json().user.last_name, ok.json().is_completed], [200, true, 'fiona@fb.test', 'Hay', false]);
  assert.ok(ok.json().access && ok.json().refresh);
  for (const token of ['fb-unknown', 'fb-other-app', 'fb-expired']) {
    const res = await fb(token);
    assert.equal([res.statusCode, res.json()], [400, { detail: 'Facebook could not confirm this sign-in. Please try again.' }], token);
  }
  const noEmail = await fb('fb-no-email');
  assert.is(noEmail.statusCode, 400);
  assert.match(noEmail.json().detail, /no verified email address/);
});

test('a provider without its settings says plainly that sign-in with it is not available', async () => {
  for (const [provider, name] of [['google', 'Google'], ['facebook', 'Facebook']]) {
    const res = await call(off, 'POST', `/api/social_auth/${provider}/`, { auth_token: 'abc' });
    assert.equal([res.statusCode, res.json()], [400, { detail: `Sign-in with ${name} is not available on this site.` }]);
  }
});

test('a provider that cannot be reached answers 503 with Retry-After', async () => {
  const down = await startTestApp({ workers: false, config: { google: { clientId: CLIENT_ID, jwksUrl: 'http://127.0.0.1:9/jwks', scriptUrl: fake.gsiUrl } } });
  try {
    const res = await call(down, 'POST', '/api/social_auth/google/', { auth_token: await googleToken({ email: 'z@gmail.test' }) });
    assert.equal([res.statusCode, res.headers['retry-after'], res.json().detail], [503, '30', 'Sign-in with Google is not available right now. Please try again in a moment.']);
  } finally {
    await down.close();
  }
});

test('GET providers: the configured providers with their public ids and scripts, never the app secret; null when off', async () => {
  const on = await call(t, 'GET', '/api/social_auth/providers/');
  assert.is(on.statusCode, 200);
  assert.equal(on.json(), {
    google: { client_id: CLIENT_ID, script_url: fake.gsiUrl },
    facebook: { app_id: FB_APP, sdk_url: fake.sdkUrl, version: 'v19.0' },
  });
  assert.not.ok(on.body.includes(FB_SECRET), 'the app secret stays on the server');
  const none = await call(off, 'GET', '/api/social_auth/providers/');
  assert.equal([none.statusCode, none.json()], [200, { google: null, facebook: null }]);
});

test('CSP: exactly what each configured provider needs, derived from its script URL; nothing when none is configured', async () => {
  const csp = (await call(t, 'GET', '/')).headers['content-security-policy'] as string;
  const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `));
  assert.is(directive('script-src'), `script-src 'self' ${fake.base}/gsi/client ${fake.base}`);
  assert.is(directive('style-src'), `style-src 'self' ${fake.base}/gsi/style`);
  assert.is(directive('frame-src'), `frame-src 'self' ${fake.base}/gsi/ ${fake.base}`);
  assert.match(directive('connect-src') ?? '', new RegExp(`^connect-src 'self' ws://\\S+ ${fake.base}/gsi/ ${fake.base}$`));
  const offCsp = (await call(off, 'GET', '/')).headers['content-security-policy'] as string;
  assert.is(offCsp, clientCsp(off.ctx.config.publicUrl));
  assert.not.ok(offCsp.includes('127.0.0.1:') || /google|facebook/.test(offCsp), offCsp);
});

test("CSP for the real providers: Google's and Facebook's documented origins", () => {
  const real = socialCspAllowances({
    google: { clientId: CLIENT_ID, jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs', scriptUrl: 'https://accounts.google.com/gsi/client' },
    facebook: { appId: FB_APP, appSecret: FB_SECRET, graphUrl: 'https://graph.facebook.com/v21.0', sdkUrl: 'https://connect.facebook.net/en_US/sdk.js' },
  });
  assert.equal(real, {
    'script-src': ['https://accounts.google.com/gsi/client', 'https://connect.facebook.net'],
    'style-src': ['https://accounts.google.com/gsi/style'],
    'frame-src': ['https://accounts.google.com/gsi/', 'https://www.facebook.com', 'https://web.facebook.com'],
    'connect-src': ['https://accounts.google.com/gsi/', 'https://graph.facebook.com', 'https://www.facebook.com'],
  });
  assert.equal(facebookVersion('https://graph.facebook.com/v21.0'), 'v21.0');
  // Google alone: nothing of Facebook's; an app id without its secret is not configured.
  const googleOnly = socialCspAllowances({
    google: { clientId: CLIENT_ID, jwksUrl: '', scriptUrl: 'https://accounts.google.com/gsi/client' },
    facebook: { appId: FB_APP, appSecret: null, graphUrl: '', sdkUrl: 'https://connect.facebook.net/en_US/sdk.js' },
  });
  assert.not.ok(JSON.stringify(googleOnly).includes('facebook'));
  assert.throws(() => socialCspAllowances({
    google: { clientId: CLIENT_ID, jwksUrl: '', scriptUrl: "https://evil.test/a;script-src 'unsafe-inline'" },
    facebook: { appId: null, appSecret: null, graphUrl: '', sdkUrl: '' },
  }), /not usable in a Content-Security-Policy/);
});

test.run();
