import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeJwt, SignJWT } from 'jose';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call } from './testing';

let t: TestApp;
let user: TestUser;

const login = (email: string, password: string, remember_me = false, ip = '203.0.113.1') =>
  call(t, 'POST', '/api/auth/login/', { email, password, remember_me }, { ip });
const me = (token: string) => call(t, 'GET', '/api/users/current/', undefined, { token });
const refresh = (token: string) => call(t, 'POST', '/api/auth/refresh_token', { refresh: token });

test.before(async () => {
  t = await startTestApp();
  user = await createTestUser(t, { email: 'taster@whisky.test' });
});

test.after(async () => {
  await t.close();
});

test('login answers access, refresh, is_staff and is_auditor; the access token reads the current user', async () => {
  const res = await login('Taster@Whisky.test', user.password);
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['access', 'is_auditor', 'is_staff', 'refresh']);
  assert.is(body.is_auditor, false);
  assert.is(body.is_staff, false);
  const current = await me(body.access);
  assert.equal([current.statusCode, current.json().id, current.json().email], [200, user.id, 'taster@whisky.test']);
});

test('a wrong password and an unknown email get the same message', async () => {
  const wrong = await login(user.email, 'Wrong!Pass123', false, '203.0.113.2');
  const unknown = await login('nobody@whisky.test', 'Wrong!Pass123', false, '203.0.113.2');
  assert.equal([wrong.statusCode, wrong.json()], [400, { detail: 'Unable to log in with provided credentials.' }]);
  assert.equal([unknown.statusCode, unknown.json()], [400, { detail: 'Unable to log in with provided credentials.' }]);
  const empty = await call(t, 'POST', '/api/auth/login/', { email: '', password: '' });
  assert.equal(empty.json(), { email: ['This field is required'], password: ['Please, specify your password'] });
});

test('remember_me makes the refresh token live 30 days instead of 1', async () => {
  const short = decodeJwt((await login(user.email, user.password, false)).json().refresh);
  const long = decodeJwt((await login(user.email, user.password, true)).json().refresh);
  assert.is(short.exp! - short.iat!, 24 * 3600);
  assert.is(long.exp! - long.iat!, 30 * 24 * 3600);
  const access = decodeJwt((await login(user.email, user.password)).json().access);
  assert.is(access.exp! - access.iat!, 15 * 60);
});

test('a refresh token is used once and replaced; reusing one revokes the whole chain', async () => {
  const first = (await login(user.email, user.password)).json();
  const r1 = await refresh(first.refresh);
  assert.is(r1.statusCode, 200);
  const second = r1.json().data;
  assert.equal(Object.keys(second).sort(), ['access', 'refresh']);
  assert.is.not(second.refresh, first.refresh);
  assert.is((await me(second.access)).statusCode, 200);
  const r2 = await refresh(second.refresh);
  assert.is(r2.statusCode, 200);
  const third = r2.json().data;

  // The first refresh token shows up again: stolen or replayed. Every token of the family stops working.
  const replay = await refresh(first.refresh);
  assert.equal([replay.statusCode, replay.json()], [401, { detail: 'Token is invalid or expired' }]);
  assert.is((await refresh(third.refresh)).statusCode, 401, 'the newest refresh token is dead too');
  assert.is((await me(third.access)).statusCode, 401, 'and so is the access token of the family');
  assert.is((await me(first.access)).statusCode, 401);

  // Other sessions of the same user are untouched.
  assert.is((await me(user.access)).statusCode, 200);
});

test('a refresh token past its lifetime is refused', async () => {
  const { refresh: token } = (await login(user.email, user.password)).json();
  t.clock.advance(24 * 3600 * 1000 + 1000);
  try {
    assert.equal((await refresh(token)).statusCode, 401);
  } finally {
    t.clock.advance(-(24 * 3600 * 1000 + 1000));
  }
});

test('logout ends every session of the user: access and refresh tokens stop working at once', async () => {
  const session = (await login(user.email, user.password)).json();
  const disconnected: string[] = [];
  const live = t.ctx.live;
  t.ctx.live = { disconnectUser: (id) => disconnected.push(id) };
  try {
    assert.is((await me(session.access)).statusCode, 200); // now cached as valid
    const out = await call(t, 'GET', '/api/auth/clear_ws_connections/', undefined, { token: session.access });
    assert.equal([out.statusCode, out.json()], [200, { detail: 'You have been logged out.' }]);
    assert.equal(disconnected, [user.id]);
    const after = await me(session.access);
    assert.equal([after.statusCode, after.json()], [401, { detail: 'Authentication credentials were not provided.' }]);
    assert.is((await refresh(session.refresh)).statusCode, 401);
    assert.is((await me(user.access)).statusCode, 401, 'the user\'s other sessions end too');
  } finally {
    t.ctx.live = live;
  }
  const fresh = (await login(user.email, user.password)).json();
  user = { ...user, access: fresh.access, refresh: fresh.refresh };
  const anonymous = await call(t, 'GET', '/api/auth/clear_ws_connections/');
  assert.is(anonymous.statusCode, 200);
});

const secretKey = () => Buffer.from(t.ctx.config.tokenSecret!, 'base64url');
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

test('bad tokens make the caller anonymous: alg none, tampered, expired, wrong type, wrong audience', async () => {
  const good = user.access;
  const [, payload, signature] = good.split('.');
  const claims = decodeJwt(good);
  const other = await createTestUser(t, { email: 'other@whisky.test' });

  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
  const tampered = `${good.split('.')[0]}.${b64({ ...claims, sub: other.id })}.${signature}`;
  const wrongAudience = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey());
  const wrongIssuer = await new SignJWT({ ...claims, iss: 'someone-else' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secretKey());
  const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(Buffer.alloc(48, 7));
  for (const [name, token] of Object.entries({ algNone, tampered, wrongAudience, wrongIssuer, otherKey, refreshAsAccess: user.refresh, garbage: 'abc.def' })) {
    const res = await me(token);
    assert.equal([res.statusCode, res.json()], [401, { detail: 'Authentication credentials were not provided.' }], name);
  }
  assert.is((await me(good)).statusCode, 200, 'the untouched token still works');

  t.clock.advance(15 * 60 * 1000 + 1000);
  try {
    assert.is((await me(good)).statusCode, 401, 'expired after 15 minutes');
  } finally {
    t.clock.advance(-(15 * 60 * 1000 + 1000));
  }
  // An access token presented as a refresh token is refused as well.
  assert.is((await refresh(good)).statusCode, 401);
});

test('5 failures lock the account for that address only, for 15 minutes (429 + Retry-After), even with the right password', async () => {
  const victim = await createTestUser(t, { email: 'locked@whisky.test' });
  const attacker = '198.51.100.99';
  for (let i = 0; i < 5; i++) assert.is((await login(victim.email, 'Wrong!Pass123', false, attacker)).statusCode, 400);
  const locked = await login(victim.email, victim.password, false, attacker);
  assert.is(locked.statusCode, 429);
  assert.equal(locked.json(), { detail: 'Too many failed login attempts. Try again in 15 minutes.' });
  assert.is(locked.headers['retry-after'], String(15 * 60));
  assert.is((await login(victim.email, victim.password, false, '198.51.100.7')).statusCode, 200, 'the owner elsewhere is not locked out');

  t.clock.advance(10 * 60 * 1000);
  const later = await login(victim.email, victim.password, false, attacker);
  assert.equal([later.statusCode, later.json().detail, later.headers['retry-after']], [429, 'Too many failed login attempts. Try again in 5 minutes.', '300']);
  t.clock.advance(5 * 60 * 1000);
  assert.is((await login(victim.email, victim.password, false, attacker)).statusCode, 200, 'unlocked once the failures age out');

  // A success resets that address's counter: four new failures do not lock it.
  for (let i = 0; i < 4; i++) await login(victim.email, 'Wrong!Pass123', false, attacker);
  assert.is((await login(victim.email, victim.password, false, attacker)).statusCode, 200);
});

test('a guess spread over many addresses locks the account for new addresses only; the owner\'s known address and a reset still get in', async () => {
  const victim = await createTestUser(t, { email: 'spread@whisky.test' });
  const home = '198.51.100.20';
  assert.is((await login(victim.email, victim.password, false, home)).statusCode, 200, 'the owner signs in from home once');
  // 49 earlier failures from other addresses (as a botnet would leave them), then the 50th for real.
  const at = t.clock.now().toISOString();
  await t.ctx.db.insertInto('login_failures' as never).values(Array.from({ length: 49 }, () => ({ key: 'account:spread@whisky.test', failed_at: at })) as never).execute();
  assert.is((await login(victim.email, 'Wrong!Pass123', false, '203.0.113.50')).statusCode, 400);
  const stranger = await login(victim.email, victim.password, false, '203.0.113.51');
  assert.equal([stranger.statusCode, stranger.json().detail], [429, 'Too many failed login attempts. Try again in 15 minutes.']);
  assert.is((await login(victim.email, victim.password, false, home)).statusCode, 200, 'a known address still gets in');
});

test('20 failures from one address lock that address, for every account', async () => {
  const ip = '192.0.2.77';
  // 19 earlier failures from this address (as real attempts would leave them), then the 20th for real.
  const at = t.clock.now().toISOString();
  await t.ctx.db.insertInto('login_failures' as never).values(Array.from({ length: 19 }, () => ({ key: `address:${ip}`, failed_at: at })) as never).execute();
  assert.is((await login('someone@whisky.test', 'Wrong!Pass123', false, ip)).statusCode, 400);
  const locked = await login(user.email, user.password, false, ip);
  assert.equal([locked.statusCode, locked.json().detail], [429, 'Too many failed login attempts. Try again in 15 minutes.']);
  assert.is((await login(user.email, user.password, false, '192.0.2.78')).statusCode, 200, 'other addresses are not affected');
});

test.run();
