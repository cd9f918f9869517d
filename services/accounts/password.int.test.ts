import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, mailbox, registrationForm, STRONG_PASSWORD, tokenFromMail } from './testing';

let t: TestApp;
let user: TestUser;

const me = (token: string) => call(t, 'GET', '/api/users/current/', undefined, { token });
const login = (email: string, password: string) => call(t, 'POST', '/api/auth/login/', { email, password, remember_me: false });
const INVALID_RESET = { token: ['This password reset link is invalid or has expired.'] };

test.before(async () => {
  t = await startTestApp();
  user = await createTestUser(t, { email: 'reset.me@whisky.test' });
});

test.after(async () => {
  await t.close();
});

test('a reset request answers the same whether or not the account exists, and emails only a real one', async () => {
  const known = await call(t, 'POST', '/api/auth/password_reset/', { email: 'Reset.Me@whisky.test' });
  const unknown = await call(t, 'POST', '/api/auth/password_reset/', { email: 'ghost@whisky.test' });
  const expected = { detail: 'If an account exists for this email, we have sent a link to reset the password.' };
  assert.equal([known.statusCode, known.json()], [200, expected]);
  assert.equal([unknown.statusCode, unknown.json()], [200, expected]);
  const [mail] = await mailbox(t, user.email);
  assert.is(mail.subject, 'Reset your password');
  assert.match(mail.text, new RegExp(`${t.ctx.config.publicUrl}/\\?reset_token=[\\w-]{43}`));
  assert.is((await mailbox(t, 'ghost@whisky.test')).length, 0);
  const invalid = await call(t, 'POST', '/api/auth/password_reset/', { email: 'nope' });
  assert.equal([invalid.statusCode, invalid.json()], [400, { email: ['Invalid email address'] }]);
});

test('validate_token accepts a live token without using it, refuses others', async () => {
  const token = await tokenFromMail(t, user.email, 'reset_token');
  for (let i = 0; i < 2; i++) {
    const ok = await call(t, 'POST', '/api/auth/password_reset/validate_token/', { token });
    assert.equal([ok.statusCode, ok.json()], [200, { detail: 'OK' }]);
  }
  const bad = await call(t, 'POST', '/api/auth/password_reset/validate_token/', { token: 'A'.repeat(43) });
  assert.equal([bad.statusCode, bad.json()], [400, INVALID_RESET]);
});

test('confirm sets the new password once, ends every session and voids the token', async () => {
  const token = await tokenFromMail(t, user.email, 'reset_token');
  const other = (await login(user.email, user.password)).json();
  const weak = await call(t, 'POST', '/api/auth/password_reset/confirm/', { token, password: 'weak' });
  assert.equal([weak.statusCode, weak.json()], [400, { password: ['Min length is 8'] }]);

  const done = await call(t, 'POST', '/api/auth/password_reset/confirm/', { token, password: 'New!Dram2025' });
  assert.equal([done.statusCode, done.json()], [200, { detail: 'Your password has been reset. Please sign in with your new password.' }]);
  assert.is((await me(user.access)).statusCode, 401, 'old sessions are ended');
  assert.is((await me(other.access)).statusCode, 401);
  assert.is((await call(t, 'POST', '/api/auth/refresh_token', { refresh: other.refresh })).statusCode, 401);

  const again = await call(t, 'POST', '/api/auth/password_reset/confirm/', { token, password: 'Other!Dram2025' });
  assert.equal([again.statusCode, again.json()], [400, INVALID_RESET]);
  assert.equal((await call(t, 'POST', '/api/auth/password_reset/validate_token/', { token })).json(), INVALID_RESET);

  assert.is((await login(user.email, user.password)).statusCode, 400, 'the old password no longer works');
  const fresh = await login(user.email, 'New!Dram2025');
  assert.is(fresh.statusCode, 200);
  user = { ...user, password: 'New!Dram2025', access: fresh.json().access, refresh: fresh.json().refresh };
  const events = await t.ctx.store.readStream(`user-${user.id}`);
  assert.equal((events.at(-1)!.data as { reason: string }).reason, 'reset');
});

test('a reset link expires after an hour; an older link dies when the password changes', async () => {
  await call(t, 'POST', '/api/auth/password_reset/', { email: user.email });
  const first = await tokenFromMail(t, user.email, 'reset_token');
  t.clock.advance(3600 * 1000 + 1000);
  assert.equal((await call(t, 'POST', '/api/auth/password_reset/validate_token/', { token: first })).json(), INVALID_RESET);
  await call(t, 'POST', '/api/auth/password_reset/', { email: user.email });
  const second = await tokenFromMail(t, user.email, 'reset_token');
  assert.is.not(second, first);
  user = { ...user, ...(await login(user.email, user.password)).json() }; // the old access token has expired by now
  const change = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: 'Third!Dram2025' }, { user });
  assert.is(change.statusCode, 200);
  const { access, refresh } = change.json();
  user = { ...user, password: 'Third!Dram2025', access, refresh };
  assert.equal((await call(t, 'POST', '/api/auth/password_reset/validate_token/', { token: second })).json(), INVALID_RESET);
});

test('a reset also verifies an account whose verification link was lost', async () => {
  assert.is((await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'lost.link@whisky.test' }))).statusCode, 201);
  await call(t, 'POST', '/api/auth/password_reset/', { email: 'lost.link@whisky.test' });
  const token = await tokenFromMail(t, 'lost.link@whisky.test', 'reset_token');
  assert.is((await call(t, 'POST', '/api/auth/password_reset/confirm/', { token, password: STRONG_PASSWORD })).statusCode, 200);
  assert.is((await login('lost.link@whisky.test', STRONG_PASSWORD)).statusCode, 200);
});

test('set_password needs the current password, ends every session and answers fresh tokens', async () => {
  const elsewhere = (await login(user.email, user.password)).json();
  const anonymous = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: 'Fourth!Dram25' });
  assert.is(anonymous.statusCode, 401);
  const wrong = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: 'Wrong!Pass123', new_password: 'Fourth!Dram25' }, { user });
  assert.equal([wrong.statusCode, wrong.json()], [400, { current_password: ['Your current password is incorrect.'] }]);
  const weak = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: 'password' }, { user });
  assert.equal([weak.statusCode, weak.json()], [400, { new_password: ['Password must contain an upper-case letter, a lower-case letter, a digit and a special symbol (!@#$%^&*)'] }]);
  const same = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: user.password }, { user });
  assert.equal(same.json(), { new_password: ['The new password must be different from the current one.'] });

  const ok = await call(t, 'POST', '/api/auth/users/set_password/', { current_password: user.password, new_password: 'Fourth!Dram25' }, { user });
  assert.is(ok.statusCode, 200);
  const body = ok.json();
  assert.equal([body.detail, body.is_staff], ['Your password has been changed.', false]);
  assert.is((await me(user.access)).statusCode, 401, 'the session that made the change is ended too');
  assert.is((await me(elsewhere.access)).statusCode, 401);
  assert.is((await me(body.access)).statusCode, 200, 'the answer carries a new session');
  assert.is((await call(t, 'POST', '/api/auth/refresh_token', { refresh: body.refresh })).statusCode, 200);
  assert.is((await login(user.email, 'Fourth!Dram25')).statusCode, 200);
});

test.run();
