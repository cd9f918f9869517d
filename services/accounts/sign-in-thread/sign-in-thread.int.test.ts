/**
 * Sign-ins on their own thread (SIGN_IN_THREAD on): the same answers, statuses and bookkeeping as in-process, with the
 * time of the app's test clock, and a thread that dies costs no login (docs/accounts.md, "Sign-ins on their own thread").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeJwt } from 'jose';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createTestUser, type TestUser } from '../../testing/users';
import { call, mailbox } from '../testing';
import { createAccount } from '../create-account';
import { hashPassword, parseHash } from '../passwords';
import { loadAccount } from '../lookup';
import type { SignInThread } from './sign-in-thread';

let t: TestApp;
let user: TestUser;
let thread: SignInThread;

const login = (email: string, password: string, ip: string, remember_me = false) =>
  call(t, 'POST', '/api/auth/login/', { email, password, remember_me }, { ip });
const me = (token: string) => call(t, 'GET', '/api/users/current/', undefined, { token });
const BAD = { detail: 'Unable to log in with provided credentials.' };

/** Runs `act` and answers how many sign-ins the thread answered meanwhile. */
async function onThread<T>(act: () => Promise<T>): Promise<{ result: T; served: number }> {
  const before = thread.count();
  const result = await act();
  return { result, served: thread.count() - before };
}

test.before(async () => {
  // A budget no test spends: the thread checks passwords itself (the queue's path is forced further down).
  t = await startTestApp({ config: { signInThread: true, passwordHashing: { concurrency: 1, maxQueued: 64, maxWaitMs: 120_000, nice: 0, promptPerSecond: 1000 } } });
  thread = t.ctx.signInThread!;
  user = await createTestUser(t, { email: 'thread@whisky.test' });
  await thread.whenReady();
});

test.after(async () => {
  await t.close();
  assert.is(thread.isRunning(), false, 'the app closed the thread');
});

const promptChecks = () => t.ctx.passwords.stats().prompt;

test('a good login is answered by the thread: same fields, a working access token and refresh token', async () => {
  const budget = promptChecks();
  const { result: res, served } = await onThread(() => login('Thread@Whisky.test', user.password, '203.0.113.10'));
  assert.equal([served, promptChecks() - budget], [1, 1], 'checked on the thread with the prompt lane\'s budget');
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['access', 'is_auditor', 'is_staff', 'refresh']);
  assert.equal([body.is_staff, body.is_auditor], [false, false]);
  assert.equal([(await me(body.access)).statusCode, (await me(body.access)).json().id], [200, user.id]);
  const rotated = await call(t, 'POST', '/api/auth/refresh_token', { refresh: body.refresh });
  assert.is(rotated.statusCode, 200, 'the thread signs with the main TokenService key');
  assert.is(decodeJwt(body.access).iat, Math.floor(t.clock.now().getTime() / 1000), 'tokens carry the test clock\'s time');
});

test('remember_me: a 30-day refresh token and a remembered session', async () => {
  const { result: res, served } = await onThread(() => login(user.email, user.password, '203.0.113.10', true));
  assert.is(served, 1);
  const refresh = decodeJwt(res.json().refresh);
  assert.is(refresh.exp! - refresh.iat!, 30 * 24 * 3600);
  const row = await t.ctx.db.selectFrom('sessions' as never).select(['remember' as never]).where('id' as never, '=', refresh.sid as never).executeTakeFirst();
  assert.equal(row, { remember: true });
});

test('a wrong password and an unknown email: the same 400, and the address is no longer clean in this process', async () => {
  const ip = '203.0.113.20';
  const { result: wrong, served } = await onThread(() => login(user.email, 'Wrong!Pass123', ip));
  assert.equal([wrong.statusCode, wrong.json(), served], [400, BAD, 1]);
  assert.is(t.ctx.passwords.refusals.isClean(ip, t.clock.now()), false);
  const unknown = await login('nobody@whisky.test', 'Wrong!Pass123', '203.0.113.21');
  assert.equal([unknown.statusCode, unknown.json()], [400, BAD]);
});

test('throttles: a locked address, and a locked account whose wait follows the test clock', async () => {
  const ip = '192.0.2.80';
  const at = t.clock.now().toISOString();
  await t.ctx.db.insertInto('login_failures' as never).values(Array.from({ length: 20 }, () => ({ key: `address:${ip}`, failed_at: at })) as never).execute();
  const budget = promptChecks();
  const { result: locked, served } = await onThread(() => login(user.email, user.password, ip));
  assert.equal([locked.statusCode, locked.json().detail, locked.headers['retry-after'], served], [429, 'Too many failed login attempts. Try again in 15 minutes.', '900', 1]);
  assert.is(promptChecks(), budget, 'a throttled sign-in gives its budget back');

  // An address that signed in stays trusted after failures: its logins keep going to the thread.
  const victim = await createTestUser(t, { email: 'thread.victim@whisky.test' });
  const home = '192.0.2.81';
  assert.is((await login(victim.email, victim.password, home)).statusCode, 200);
  const counted = await onThread(async () => {
    for (let i = 0; i < 5; i++) assert.is((await login(victim.email, 'Wrong!Pass123', home)).statusCode, 400);
    return login(victim.email, victim.password, home);
  });
  assert.equal([counted.result.statusCode, counted.result.json().detail, counted.served], [429, 'Too many failed login attempts. Try again in 15 minutes.', 6]);
  t.clock.advance(10 * 60 * 1000);
  const later = await login(victim.email, victim.password, home);
  assert.equal([later.statusCode, later.headers['retry-after']], [429, '300']);
  t.clock.advance(5 * 60 * 1000);
  assert.is((await login(victim.email, victim.password, home)).statusCode, 200, 'unlocked once the failures age out');
});

test('an unverified account: the same 400, and a fresh verification link', async () => {
  const email = 'thread.unverified@whisky.test';
  const password = 'Unverified!2026';
  await createAccount(t.ctx, { email, password_hash: await hashPassword(password), verified: false, by: 'test' });
  const before = (await mailbox(t, email)).length;
  const { result: res, served } = await onThread(() => login(email, password, '203.0.113.30'));
  assert.equal([res.statusCode, res.json(), served], [400, { detail: 'Your email address is not verified yet. We have sent you a new verification link.' }, 1]);
  assert.is((await mailbox(t, email)).length, before + 1);
});

test('an older hash is upgraded by the thread', async () => {
  const password = 'Old!Params2019';
  const created = await createAccount(t.ctx, {
    email: 'thread.old@whisky.test', password_hash: await hashPassword(password, { algorithm: 'scrypt', N: 2 ** 14, r: 8, p: 1 }), verified: true, by: 'test',
  });
  const { result: res, served } = await onThread(() => login('thread.old@whisky.test', password, '203.0.113.40'));
  assert.equal([res.statusCode, served], [200, 1]);
  assert.equal(parseHash((await loadAccount(t.ctx, created.user_id)).state.passwordHash)!.params, t.ctx.passwords.params);
});

test('without prompt budget the thread has the hashing queue check the password: same answers', async () => {
  const take = t.ctx.passwords.takePrompt;
  t.ctx.passwords.takePrompt = () => false;
  try {
    // Checked by this process's PasswordWork: in the ordinary queue or its own prompt lane (the budget is back).
    const checks = () => t.ctx.passwords.stats().done + t.ctx.passwords.stats().prompt;
    const before = checks();
    const { result, served } = await onThread(async () => [
      await login(user.email, user.password, '203.0.113.50'),
      await login(user.email, 'Wrong!Pass123', '203.0.113.51'),
      await login('nobody@whisky.test', 'Wrong!Pass123', '203.0.113.52'),
    ]);
    assert.equal(result.map((r) => r.statusCode), [200, 400, 400]);
    assert.equal([served, checks() - before], [3, 3], 'each check came back to this process');
  } finally {
    t.ctx.passwords.takePrompt = take;
  }
});

test('a thread that dies costs no login: the next ones run in-process, then the thread is back', async () => {
  await thread.thread!.terminate();
  const { result: meanwhile, served } = await onThread(() => login(user.email, user.password, '203.0.113.60'));
  assert.equal([meanwhile.statusCode, served], [200, 0]);
  assert.equal((await login(user.email, 'Wrong!Pass123', '203.0.113.61')).json(), BAD);

  await thread.whenReady();
  const inFlight = login(user.email, user.password, '203.0.113.62');
  const killed = thread.thread!.terminate();
  assert.is((await inFlight).statusCode, 200, 'a sign-in in flight when the thread dies is run again here');
  await killed;

  await thread.whenReady();
  const back = await onThread(() => login(user.email, user.password, '203.0.113.63'));
  assert.equal([back.result.statusCode, back.served], [200, 1]);
});

test.run();
