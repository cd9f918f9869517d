import { test } from 'uvu';
import { limitsOf } from '../limits/limits';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { userStream, type AccountEvent } from '../../domain/accounts/events';
import { call, registrationForm } from './testing';
import { createAccount } from './create-account';
import { openSession } from './sessions';
import { loadAccount } from './lookup';
import { hashPassword, parseHash } from './passwords';
import { PasswordWork, poolHasher, type Hasher } from './password-work';

let t: TestApp;
let user: TestUser;
let original: PasswordWork;

const login = (email: string, password: string, ip: string) => call(t, 'POST', '/api/auth/login/', { email, password, remember_me: false }, { ip });
const me = (token: string) => call(t, 'GET', '/api/users/current/', undefined, { token });
const BUSY = { detail: 'The service is temporarily unavailable. Please try again in a moment.' };

/** Counts every hash and check, and can hold them until the test releases them (no timing anywhere). */
function fakeHasher() {
  const counts = { hash: 0, check: 0 };
  /** The passwords checked, in the order the checks started. */
  const checked: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const entered: Array<() => void> = [];
  const pass = async () => {
    entered.shift()?.();
    if (gate) await gate;
  };
  const hasher: Hasher = {
    hash: async (password, params) => { counts.hash++; await pass(); return poolHasher.hash(password, params); },
    check: async (password, stored, params) => { counts.check++; checked.push(password); await pass(); return poolHasher.check(password, stored, params); },
  };
  return {
    counts, hasher, checked,
    hold() { gate = new Promise<void>((resolve) => (release = resolve)); },
    release() { gate = null; release(); },
    /** Resolves when the next job is inside the hasher. */
    nextEntered: () => new Promise<void>((resolve) => entered.push(resolve)),
  };
}

test.before(async () => {
  t = await startTestApp();
  original = t.ctx.passwords;
  user = await createTestUser(t, { email: 'queue@whisky.test' });
});

test.after.each(() => {
  t.ctx.passwords = original;
});

test.after(async () => {
  await t.close();
});

test('a full hashing queue answers 503 with Retry-After; unknown emails and sign-ups wait in the same queue', async () => {
  const fake = fakeHasher();
  t.ctx.passwords = new PasswordWork({ concurrency: 1, maxQueued: 0, maxWaitMs: 7_000 }, fake.hasher);
  fake.hold();
  const entered = fake.nextEntered();
  const first = login(user.email, user.password, '203.0.113.10');
  await entered; // the one slot is taken and held
  // A clean address (no failure lately) may wait in the reserve: one place per slot. Now it is taken too.
  const reserved = login(user.email, user.password, '203.0.113.9');
  while (t.ctx.passwords.stats().queued === 0) await new Promise((resolve) => setImmediate(resolve));

  const unknown = await login('nobody@whisky.test', 'Wrong!Pass123', '203.0.113.11');
  assert.equal([unknown.statusCode, unknown.headers['retry-after'], unknown.json()], [503, '7', BUSY]);
  const known = await login(user.email, 'Wrong!Pass123', '203.0.113.12');
  assert.equal([known.statusCode, known.json()], [503, BUSY], 'the same answer whether or not the account exists');
  const signUp = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'busy@whisky.test' }), { ip: '203.0.113.13' });
  assert.equal([signUp.statusCode, signUp.headers['retry-after'], signUp.json()], [503, '7', BUSY]);

  fake.release();
  assert.equal([(await first).statusCode, (await reserved).statusCode], [200, 200]);
  assert.is(fake.counts.check, 2, 'the refused requests computed nothing');
  assert.equal(t.ctx.passwords.stats().refusedFull, 3);
  // A refusal is not a failed login: the account is not one step nearer its lock.
  assert.is((await login(user.email, user.password, '203.0.113.12')).statusCode, 200);
});

test('a full queue refuses before any query; an address refused 20 times is throttled; a success from it clears the count', async () => {
  const fake = fakeHasher();
  t.ctx.passwords = new PasswordWork({ concurrency: 1, maxQueued: 0, maxWaitMs: 5_000 }, fake.hasher);
  fake.hold();
  const entered = fake.nextEntered();
  const holder = login(user.email, user.password, '203.0.113.20');
  await entered;
  const reserved = login(user.email, user.password, '203.0.113.19');
  while (t.ctx.passwords.stats().queued === 0) await new Promise((resolve) => setImmediate(resolve));
  const flood = '203.0.113.21';
  for (let i = 0; i < 20; i++) assert.is((await login(`flood-${i}@whisky.test`, 'Wrong!Pass123', flood)).statusCode, 503);
  const locked = await login(user.email, user.password, flood);
  assert.equal([locked.statusCode, locked.headers['retry-after']], [429, String(15 * 60)]);
  assert.equal(t.ctx.passwords.stats().refusedFull, 20, 'the 21st never reached the queue');
  fake.release();
  assert.equal([(await holder).statusCode, (await reserved).statusCode], [200, 200]);

  // A real user who met a few 503s and then got in starts afresh.
  const patient = '203.0.113.22';
  for (let i = 0; i < 19; i++) t.ctx.passwords.refusals.note(patient, t.clock.now());
  assert.is((await login(user.email, user.password, patient)).statusCode, 200);
  t.ctx.passwords.refusals.note(patient, t.clock.now());
  assert.is(t.ctx.passwords.refusals.lockedFor(patient, t.clock.now()), 0, 'the 19 before the success are forgotten');
});

test('a returning or clean address skips the line: it waits ahead of an address with failures and takes its place when the queue is full', async () => {
  const fake = fakeHasher();
  t.ctx.passwords = new PasswordWork({ concurrency: 1, maxQueued: 1, maxWaitMs: 60_000 }, fake.hasher);
  const home = '203.0.113.40';
  const flooding = '203.0.113.42';
  assert.is((await login(user.email, user.password, home)).statusCode, 200);
  assert.is((await login(user.email, 'Wrong!Flood1', flooding)).statusCode, 400);
  const queued = (n: number) => (async () => { while (t.ctx.passwords.stats().queued < n) await new Promise((resolve) => setImmediate(resolve)); })();
  fake.hold();
  const entered = fake.nextEntered();
  const holder = login(user.email, user.password, '203.0.113.41');
  await entered;
  const floodWaits = login(user.email, 'Wrong!Flood2', flooding);
  await queued(1);
  assert.is((await login(user.email, 'Wrong!Flood3', flooding)).statusCode, 503, 'an address with a failure finds the queue full');
  const newcomer = login(user.email, user.password, '203.0.113.43');
  await queued(2);
  const returning = login(user.email, user.password, home);
  assert.is((await floodWaits).statusCode, 503, 'the full queue: the flood\'s waiter gives its place to the returning address');
  assert.is((await login(user.email, user.password, '203.0.113.44')).statusCode, 503, 'only newcomers and returning addresses wait now: the next is refused');
  fake.release();
  assert.equal([(await holder).statusCode, (await newcomer).statusCode, (await returning).statusCode], [200, 200, 200]);
  assert.equal(fake.checked.slice(-3), [user.password, user.password, user.password]);
  assert.not.ok(fake.checked.includes('Wrong!Flood2'), 'the displaced flood login computed nothing');
});

test('a throttled login, password change or sign-up computes no hash', async () => {
  const fake = fakeHasher();
  t.ctx.passwords = new PasswordWork({ concurrency: 1, maxQueued: 10, maxWaitMs: 60_000 }, fake.hasher);
  const victim = await createTestUser(t, { email: 'locked.out@whisky.test' });
  for (let i = 0; i < 5; i++) assert.is((await login(victim.email, 'Wrong!Pass123', '198.51.100.50')).statusCode, 400);
  assert.is(fake.counts.check, 5);

  const locked = await login(victim.email, victim.password, '198.51.100.50');
  assert.equal([locked.statusCode, locked.headers['retry-after']], [429, String(15 * 60)]);
  const change = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: victim.password, new_password: 'Dram!Other2024' }, { user: victim, ip: '198.51.100.50' });
  assert.is(change.statusCode, 429);

  // An address at its limit: even an unknown email (the dummy check) costs nothing.
  const ip = '198.51.100.77';
  const at = t.clock.now().toISOString();
  await t.ctx.db.insertInto('login_failures' as never).values(Array.from({ length: 20 }, () => ({ key: `address:${ip}`, failed_at: at })) as never).execute();
  assert.is((await login('ghost@whisky.test', 'Wrong!Pass123', ip)).statusCode, 429);

  // Sign-ups: the per-address abuse limit is taken before the hash.
  const signUpIp = '198.51.100.88';
  for (let i = 0; i < t.ctx.config.rateLimits.register_address.limit; i++) await limitsOf(t.ctx).take('register_address', signUpIp);
  const signUp = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'many@whisky.test' }), { ip: signUpIp });
  assert.is(signUp.statusCode, 429);
  assert.ok(Number(signUp.headers['retry-after']) > 0);

  assert.equal(fake.counts, { hash: 0, check: 5 }, 'no hash after the five counted failures');
});

test('a hash made with older parameters verifies, is upgraded at the next good login, and sessions survive it', async () => {
  const old = { algorithm: 'scrypt' as const, N: 2 ** 14, r: 8, p: 1 };
  const password = 'Old!Params2019';
  const created = await createAccount(t.ctx, { email: 'old.hash@whisky.test', password_hash: await hashPassword(password, old), verified: true, by: 'test' });
  const userId = created.user_id;
  const session = await openSession(t.ctx, { id: userId, is_staff: false }, false);
  const events = async () => (await t.ctx.store.readStream<AccountEvent>(userStream(userId))).map((e) => ({ type: e.type, data: e.data }));
  const storedHash = async () => (await loadAccount(t.ctx, userId)).state.passwordHash;

  assert.is((await login('old.hash@whisky.test', 'Wrong!Pass123', '192.0.2.30')).statusCode, 400);
  assert.is((await events()).some((e) => e.type === 'PasswordRehashed'), false, 'a wrong password upgrades nothing');
  assert.equal(parseHash(await storedHash())!.params, old);

  const good = await login('old.hash@whisky.test', password, '192.0.2.31');
  assert.is(good.statusCode, 200);
  const rehashed = (await events()).filter((e) => e.type === 'PasswordRehashed');
  assert.is(rehashed.length, 1);
  const upgraded = await storedHash();
  assert.equal(parseHash(upgraded)!.params, t.ctx.passwords.params);
  const current = t.ctx.passwords.params;
  assert.is(current.algorithm, 'argon2id', 'scrypt hashes are upgraded to argon2id');
  if (current.algorithm === 'argon2id') assert.ok(upgraded.startsWith(`$argon2id$v=19$m=${current.m},t=${current.t},p=${current.p}$`));

  assert.is((await me(session.access)).statusCode, 200, 'a rehash is not a password change: sessions from before it live on');
  assert.is((await login('old.hash@whisky.test', password, '192.0.2.32')).statusCode, 200, 'the new hash verifies');
  assert.is((await events()).filter((e) => e.type === 'PasswordRehashed').length, 1, 'and needs no second upgrade');
});

test.run();
