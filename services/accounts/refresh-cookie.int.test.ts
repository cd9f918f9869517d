import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { CSRF_MISSING, ORIGIN_REFUSED, REFRESH_COOKIE, SESSION_HINT_COOKIE } from './refresh-cookie';
import { REUSE_GRACE_MS } from './sessions';

let t: TestApp;
let proxied: TestApp;
let user: TestUser;

const CSRF = { 'x-csrf': '1' };

/** The Set-Cookie header for the cookie `name` (the refresh cookie by default), as attributes (lower-cased names). */
function refreshCookieSet(res: { headers: Record<string, unknown> }, name = REFRESH_COOKIE): { value: string; attrs: Record<string, string | true> } | null {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : raw ? [raw] : []) as string[];
  const line = all.find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const [pair, ...rest] = line.split(/;\s*/);
  const attrs: Record<string, string | true> = {};
  for (const a of rest) {
    const [k, v] = a.split('=');
    attrs[k.toLowerCase()] = v ?? true;
  }
  return { value: decodeURIComponent(pair.slice(name.length + 1)), attrs };
}

const hintSet = (res: { headers: Record<string, unknown> }) => refreshCookieSet(res, SESSION_HINT_COOKIE);

const login = (app: TestApp, remember_me = false, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url: '/api/auth/login/', headers, payload: { email: user.email, password: user.password, remember_me } });

const refreshByCookie = (cookie: string, headers: Record<string, string> = CSRF) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', headers: { ...headers, cookie: `${REFRESH_COOKIE}=${cookie}` }, payload: {} });

test.before(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ database: t.database, workers: false, config: { trustProxy: true, publicUrl: 'https://auction.example' } });
  user = await createTestUser(t, { email: 'cookie@whisky.test' });
});

test.after(async () => {
  await proxied.close();
  await t.close();
});

test('login sets the refresh token in an HttpOnly, SameSite=Strict cookie scoped to /api/auth/; the JSON keeps its fields', async () => {
  const res = await login(t);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['access', 'is_auditor', 'is_staff', 'refresh']);
  const set = refreshCookieSet(res)!;
  assert.ok(set, 'the refresh cookie is set');
  assert.is(set.value, body.refresh);
  assert.is(set.attrs.httponly, true);
  assert.is(set.attrs.samesite, 'Strict');
  assert.is(set.attrs.path, '/api/auth/');
  assert.not.ok(set.attrs.secure, 'plain http: not Secure (the browser would drop it)');
  assert.not.ok(set.attrs['max-age'], 'without remember_me: a browser-session cookie');
  const remembered = refreshCookieSet(await login(t, true))!;
  assert.is(remembered.attrs['max-age'], String(30 * 24 * 3600));
});

test('with the refresh cookie goes a readable hint that holds no credential: signed_in=1 on /, the same lifetime', async () => {
  const res = await login(t);
  const hint = hintSet(res)!;
  assert.ok(hint, 'the hint is set');
  assert.is(hint.value, '1', 'nothing a script could use: no token, no user id');
  assert.not.ok(hint.attrs.httponly, 'the page reads it, to skip a refresh that cannot succeed');
  assert.is(hint.attrs.samesite, 'Strict');
  assert.is(hint.attrs.path, '/');
  assert.not.ok(hint.attrs['max-age'], 'without remember_me: a browser-session cookie, like the refresh cookie');
  assert.is(hintSet(await login(t, true))!.attrs['max-age'], String(30 * 24 * 3600));
  // Each rotation renews it with the refresh cookie.
  assert.is(hintSet(await refreshByCookie(refreshCookieSet(res)!.value))!.value, '1');
});

test('behind a TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https) the cookie is Secure', async () => {
  const res = await login(proxied, false, { 'x-forwarded-proto': 'https' });
  assert.is(res.statusCode, 200);
  assert.is(refreshCookieSet(res)!.attrs.secure, true);
  const plain = await login(proxied);
  assert.not.ok(refreshCookieSet(plain)!.attrs.secure);
});

test('refresh by cookie: needs X-CSRF (403 without), answers the access token only, and rotates the cookie', async () => {
  const cookie = refreshCookieSet(await login(t))!.value;
  const bare = await refreshByCookie(cookie, {});
  assert.equal([bare.statusCode, bare.json()], [403, { detail: CSRF_MISSING }]);
  const ok = await refreshByCookie(cookie);
  assert.is(ok.statusCode, 200);
  assert.equal(Object.keys(ok.json().data), ['access'], 'no page script reads the refresh token');
  const next = refreshCookieSet(ok)!;
  assert.ok(next.value && next.value !== cookie, 'rotated');
  assert.is(next.attrs.httponly, true);
  const me = await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${ok.json().data.access}` } });
  assert.is(me.json().id, user.id);
});

test('refresh by cookie from a foreign Origin is refused; our own origin (Host or PUBLIC_URL) passes', async () => {
  const cookie = refreshCookieSet(await login(t))!.value;
  const evil = await refreshByCookie(cookie, { ...CSRF, origin: 'https://evil.example' });
  assert.equal([evil.statusCode, evil.json()], [403, { detail: ORIGIN_REFUSED }]);
  const nullOrigin = await refreshByCookie(cookie, { ...CSRF, origin: 'null' });
  assert.is(nullOrigin.statusCode, 403);
  const own = await refreshByCookie(cookie, { ...CSRF, origin: 'http://localhost:80', host: 'localhost:80' });
  assert.is(own.statusCode, 200);
  const viaProxy = refreshCookieSet(await login(proxied))!.value;
  const publicOrigin = await proxied.app.inject({
    method: 'POST', url: '/api/auth/refresh_token', payload: {},
    headers: { ...CSRF, origin: 'https://auction.example', host: 'internal:3000', cookie: `${REFRESH_COOKIE}=${viaProxy}` },
  });
  assert.is(publicOrigin.statusCode, 200);
});

test('a cookie used twice is reuse once its successor was used: the session is revoked and the dead cookie cleared', async () => {
  const first = await login(t);
  const cookie = refreshCookieSet(first)!.value;
  const ok = await refreshByCookie(cookie);
  assert.is(ok.statusCode, 200);
  const successor = refreshCookieSet(ok)!.value;
  assert.is((await refreshByCookie(successor)).statusCode, 200, 'the successor reached its client and was used');
  const again = await refreshByCookie(cookie);
  assert.equal([again.statusCode, again.json()], [401, { detail: 'Token is invalid or expired' }]);
  assert.is(refreshCookieSet(again)!.value, '', 'cleared');
  assert.is(hintSet(again)!.value, '', 'and the hint with it');
  const me = await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${first.json().access}` } });
  assert.is(me.statusCode, 401, 'the whole family is revoked');
});

test('given a refresh whose answer was lost, when the cookie comes back within the grace, then it is exchanged again; the lost successor is dead', async () => {
  const first = await login(t);
  const cookie = refreshCookieSet(first)!.value;
  const lost = refreshCookieSet(await refreshByCookie(cookie))!.value;
  t.clock.advance(REUSE_GRACE_MS - 1_000);
  const retry = await refreshByCookie(cookie);
  assert.is(retry.statusCode, 200, retry.body);
  const kept = refreshCookieSet(retry)!.value;
  assert.ok(kept && kept !== lost && kept !== cookie, 'a new cookie');
  assert.is((await refreshByCookie(kept)).statusCode, 200, 'the session lives on');
  const me = await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${retry.json().data.access}` } });
  assert.is(me.json().id, user.id);
  // The successor that never arrived was retired: presented now, it is a stolen token, and ends the session.
  assert.is((await refreshByCookie(lost)).statusCode, 401);
  const after = await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${retry.json().data.access}` } });
  assert.is(after.statusCode, 401, 'revoked');
});

test('given a used cookie, when it comes back after the grace, then it is reuse and the session is revoked', async () => {
  const first = await login(t);
  const cookie = refreshCookieSet(first)!.value;
  const ok = await refreshByCookie(cookie);
  assert.is(ok.statusCode, 200);
  t.clock.advance(REUSE_GRACE_MS + 1_000);
  const late = await refreshByCookie(cookie);
  assert.equal([late.statusCode, late.json()], [401, { detail: 'Token is invalid or expired' }]);
  assert.is((await refreshByCookie(refreshCookieSet(ok)!.value)).statusCode, 401, 'the whole family is revoked');
});

test('API clients: the body token needs no CSRF header and gets both tokens back; no token anywhere is a field error', async () => {
  const body = (await login(t)).json();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: { refresh: body.refresh } });
  assert.is(res.statusCode, 200);
  assert.equal(Object.keys(res.json().data).sort(), ['access', 'refresh']);
  const none = await t.app.inject({ method: 'POST', url: '/api/auth/refresh_token', payload: {} });
  assert.equal([none.statusCode, none.json()], [400, { refresh: ['This field is required'] }]);
});

test('logout clears the cookie and ends the sessions (by bearer, or by cookie with X-CSRF)', async () => {
  const byBearer = (await login(t)).json();
  const out = await t.app.inject({ method: 'GET', url: '/api/auth/clear_ws_connections/', headers: { authorization: `Bearer ${byBearer.access}` } });
  assert.equal([out.statusCode, out.json()], [200, { detail: 'You have been logged out.' }]);
  const cleared = refreshCookieSet(out)!;
  assert.is(cleared.value, '');
  assert.is(cleared.attrs.path, '/api/auth/');
  assert.ok(cleared.attrs.expires || cleared.attrs['max-age'] === '0', 'expired at once');
  assert.equal([hintSet(out)!.value, hintSet(out)!.attrs.path], ['', '/'], 'the hint goes too');
  assert.is((await refreshByCookie(byBearer.refresh)).statusCode, 401);

  const cookie = refreshCookieSet(await login(t))!.value;
  const noHeader = await t.app.inject({ method: 'GET', url: '/api/auth/clear_ws_connections/', headers: { cookie: `${REFRESH_COOKIE}=${cookie}` } });
  assert.equal([noHeader.statusCode, noHeader.json()], [403, { detail: CSRF_MISSING }]);
  assert.is((await refreshByCookie(cookie)).statusCode, 200, 'a cross-site logout attempt changed nothing');
  const cookie2 = refreshCookieSet(await login(t))!.value;
  const byCookie = await t.app.inject({ method: 'GET', url: '/api/auth/clear_ws_connections/', headers: { ...CSRF, cookie: `${REFRESH_COOKIE}=${cookie2}` } });
  assert.is(byCookie.statusCode, 200);
  assert.is(refreshCookieSet(byCookie)!.value, '');
  assert.is((await refreshByCookie(cookie2)).statusCode, 401);
  const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/clear_ws_connections/' });
  assert.equal([anonymous.statusCode, anonymous.json()], [200, { detail: 'You have been logged out.' }]);
});

test('bearer-authenticated calls need no CSRF header', async () => {
  const { access } = (await login(t)).json();
  const me = await t.app.inject({ method: 'GET', url: '/api/users/current/', headers: { authorization: `Bearer ${access}`, origin: 'https://evil.example' } });
  assert.is(me.statusCode, 200);
});

test.run();
