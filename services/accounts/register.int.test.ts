import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { getUserByEmail } from './queries';
import { PasswordWork } from './password-work';
import { call, mailbox, registrationForm, STRONG_PASSWORD, tokenFromMail } from './testing';

let t: TestApp;

test.before(async () => {
  t = await startTestApp();
});

test.after(async () => {
  await t.close();
});

test('registering answers 201, records an unverified account and emails a verification link', async () => {
  const res = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'Isla@Whisky.test' }));
  assert.is(res.statusCode, 201);
  assert.equal(res.json(), { detail: 'Registration successful. Please check your email to verify your account.' });
  const [mail] = await mailbox(t, 'isla@whisky.test');
  assert.is(mail.subject, 'Confirm your email address');
  assert.match(mail.text, new RegExp(`^${t.ctx.config.publicUrl}/\\?submit_token=[\\w-]{43}$`, 'm'));
  assert.match(mail.html, /href="http.*\?submit_token=/);
  const events = await t.ctx.store.readStream(`user-email-isla@whisky.test`);
  assert.is(events.length, 1);
  const userEvents = await t.ctx.store.readStream(`user-${(events[0].data as { user_id: string }).user_id}`);
  const registered = userEvents[0].data as Record<string, unknown>;
  assert.is(registered.email, 'isla@whisky.test');
  assert.is(registered.birth_date, '1990-02-14');
  assert.match(String(registered.password_hash), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  assert.not.ok(JSON.stringify(userEvents).includes(STRONG_PASSWORD), 'the password itself is never stored');
  await t.ctx.projections.settle();
  const row = await getUserByEmail(t.ctx.db, 'isla@whisky.test');
  assert.equal(row && [row.is_verified, row.is_completed, row.first_name, row.last_name, row.title], [false, true, 'Isla', 'Mac-Donald', 'Ms']);
});

test('the client sends birth_date as YYYY-MM-DD: accepted as well', async () => {
  const res = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'iso@whisky.test', birth_date: '1975-12-31', phone_number: '07400 900456' }));
  assert.is(res.statusCode, 201);
});

test('every field rule answers its message, all at once', async () => {
  const res = await call(t, 'POST', '/api/auth/register/', {
    email: 'not-an-email', password: 'short', password2: 'other', first_name: 'J', last_name: 'Sm1th',
    birth_date: '31/02/1990', phone_number: '12', terms_agreement: false, vat_enabled: true, vat_number: '12345678',
    company_name: 'x'.repeat(41),
  });
  assert.is(res.statusCode, 400);
  assert.equal(res.json(), {
    email: ['Invalid email address'],
    password: ['Min length is 8'],
    password2: ['Passwords do not match'],
    first_name: ['Min length is 2'],
    last_name: ['Only letters, spaces and hyphens are allowed'],
    birth_date: ['Enter valid format DD/MM/YYYY'],
    phone_number: ['Phone number is invalid!'],
    vat_number: ['Ensure this field has more than 9 characters.'],
    company_name: ['Max 40 characters'],
    terms_agreement: ['This field is required'],
  });
});

test('missing fields are required; VAT fields only when VAT is enabled', async () => {
  const res = await call(t, 'POST', '/api/auth/register/', {});
  assert.is(res.statusCode, 400);
  const required = 'This field is required';
  assert.equal(res.json(), {
    email: [required], password: ['Please, specify your password'], password2: [required], first_name: [required],
    last_name: [required], birth_date: [required], phone_number: [required], terms_agreement: [required],
  });
  const vat = await call(t, 'POST', '/api/auth/register/', registrationForm({ vat_enabled: true }));
  assert.equal(vat.json(), { vat_number: [required], company_name: [required] });
});

test('password, email, name, VAT and age limits', async () => {
  const cases: [Record<string, unknown>, Record<string, string[]>][] = [
    [{ password: 'Abcdefg1!Abcdefg1!xyz', password2: 'Abcdefg1!Abcdefg1!xyz' }, { password: ['Max length is 20'] }],
    [{ password: 'Abc def1!', password2: 'Abc def1!' }, { password: ['Password must not contain spaces'] }],
    [{ password: 'abcdefg1!', password2: 'abcdefg1!' }, { password: ['Password must contain an upper-case letter, a lower-case letter, a digit and a special symbol (!@#$%^&*)'] }],
    [{ password: 'Abcdefgh1', password2: 'Abcdefgh1' }, { password: ['Password must contain an upper-case letter, a lower-case letter, a digit and a special symbol (!@#$%^&*)'] }],
    [{ email: `${'a'.repeat(40)}@whisky.test` }, { email: ['Max 50 characters'] }],
    [{ first_name: 'A'.repeat(33) }, { first_name: ['Max 32 characters'] }],
    [{ vat_enabled: true, vat_number: '123456789012', company_name: 'Dram Ltd' }, { vat_number: ['Ensure this field has no more than 11 characters.'] }],
    [{ birth_date: '01/01/1890' }, { birth_date: ['Too old'] }],
    [{ birth_date: '22/11/2008' }, { birth_date: ['Minimal age is 18!'] }],
    [{ phone_number: '+44 12' }, { phone_number: ['Phone number is invalid!'] }],
  ];
  for (const [overrides, expected] of cases) {
    const res = await call(t, 'POST', '/api/auth/register/', registrationForm(overrides));
    assert.equal([res.statusCode, res.json()], [400, expected], JSON.stringify(overrides));
  }
});

test('a VAT-registered buyer and an 18th birthday today are accepted', async () => {
  // The test clock is 2026-11-21: born 21/11/2008 turns 18 today.
  const res = await call(t, 'POST', '/api/auth/register/', registrationForm({
    email: 'trade@whisky.test', birth_date: '21/11/2008', vat_enabled: true, vat_number: 'GB123456789', company_name: 'Dram Traders Ltd',
  }));
  assert.is(res.statusCode, 201);
});

test('an email already registered gets the same answer as a new one, whatever its case; its owner is emailed instead', async () => {
  const before = await mailbox(t, 'isla@whisky.test');
  const res = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'ISLA@whisky.test', first_name: 'Someone' }));
  assert.equal([res.statusCode, res.json()], [201, { detail: 'Registration successful. Please check your email to verify your account.' }]);
  const after = await mailbox(t, 'isla@whisky.test');
  assert.is(after.length, before.length + 1);
  assert.is(after[0].subject, 'Someone tried to register with your email address');
  assert.match(after[0].text, /^Hello Isla,/);
  assert.match(after[0].text, /If it was you, sign in with your password, or reset it/);
  assert.not.match(after[0].text, /submit_token/);
  assert.is((await t.ctx.store.readStream('user-email-isla@whisky.test')).length, 1, 'no second account');
  // Another try within the hour answers the same and emails nothing more.
  const again = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'isla@whisky.test' }));
  assert.is(again.statusCode, 201);
  assert.is((await mailbox(t, 'isla@whisky.test')).length, after.length);
});

test('parallel registrations of one email give exactly one account, and every caller the same answer', async () => {
  const email = 'race@whisky.test';
  // This is about the email claim, not capacity: a queue roomy enough that a loaded machine refuses none of them.
  const queue = t.ctx.passwords;
  t.ctx.passwords = new PasswordWork({ concurrency: 2, maxQueued: 8, maxWaitMs: 120_000 });
  const answers = await Promise.all(Array.from({ length: 3 }, (_, i) => call(t, 'POST', '/api/auth/register/', registrationForm({ email }), { ip: `192.0.2.${i + 1}` })))
    .finally(() => { t.ctx.passwords = queue; });
  assert.equal(answers.map((r) => r.statusCode), [201, 201, 201]);
  const claims = await t.ctx.store.readStream(`user-email-${email}`);
  assert.is(claims.length, 1);
  // The read model follows the events: wait until the registering transaction is projected (the feed waits for it to commit).
  const userEvents = await t.ctx.store.readStream(`user-${(claims[0].data as { user_id: string }).user_id}`);
  const last = userEvents[userEvents.length - 1];
  await t.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
  assert.is((await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).execute()).length, 1);
  const mails = (await mailbox(t, email)).map((m) => m.subject).sort();
  assert.equal(mails, ['Confirm your email address', 'Someone tried to register with your email address']);
});

test('registration is limited per address and per email (new and taken alike): 429 with Retry-After', async () => {
  const ip = '198.51.100.10';
  const { limit } = t.ctx.config.rateLimits.register_address;
  for (let i = 0; i < limit; i++) {
    const res = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: `many${i}@whisky.test` }), { ip });
    assert.is(res.statusCode, 201, `registration ${i + 1}`);
  }
  const refused = await call(t, 'POST', '/api/auth/register/', registrationForm({ email: 'one.more@whisky.test' }), { ip });
  assert.is(refused.statusCode, 429);
  assert.equal(refused.json(), { detail: 'Too many requests. Try again in 60 minutes.' });
  assert.is(refused.headers['retry-after'], '3600'); // the test clock stands on the hour
  assert.not.ok(await t.ctx.store.readStream('user-email-one.more@whisky.test').then((e) => e.length), 'nothing registered');

  // Per email, from ever new addresses: the third try is the last; a taken email counts the same as a new one.
  const tries = async (email: string, n: number) => {
    const answers = [];
    for (let i = 0; i < n; i++) answers.push((await call(t, 'POST', '/api/auth/register/', registrationForm({ email }), { ip: `198.51.101.${i}` })).statusCode);
    return answers;
  };
  assert.equal(await tries('limited@whisky.test', 4), [201, 201, 201, 429]);
  assert.equal(await tries('iso@whisky.test', 3), [201, 201, 429], 'registered once already this hour');
});

test('the verification link signs the user in once; a reused or unknown token is refused', async () => {
  const token = await tokenFromMail(t, 'isla@whisky.test', 'submit_token');
  const res = await call(t, 'POST', '/api/auth/verify_email/', { token });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['access', 'is_staff', 'refresh']);
  assert.is(body.is_staff, false);
  const me = await call(t, 'GET', '/api/users/current/', undefined, { token: body.access });
  assert.equal([me.statusCode, me.json().email, me.json().is_verified], [200, 'isla@whisky.test', true]);

  const again = await call(t, 'POST', '/api/auth/verify_email/', { token });
  assert.equal([again.statusCode, again.json()], [400, { token: ['This verification link is invalid or has expired.'] }]);
  const bogus = await call(t, 'POST', '/api/auth/verify_email/', { token: 'x'.repeat(43) });
  assert.equal([bogus.statusCode, bogus.json()], [400, { token: ['This verification link is invalid or has expired.'] }]);
  const missing = await call(t, 'POST', '/api/auth/verify_email/', {});
  assert.equal([missing.statusCode, missing.json()], [400, { token: ['This field is required'] }]);
});

test('a verification link expires after 3 days', async () => {
  const token = await tokenFromMail(t, 'iso@whisky.test', 'submit_token');
  t.clock.advance(3 * 24 * 3600 * 1000 + 1000);
  try {
    const res = await call(t, 'POST', '/api/auth/verify_email/', { token });
    assert.equal([res.statusCode, res.json()], [400, { token: ['This verification link is invalid or has expired.'] }]);
  } finally {
    t.clock.advance(-(3 * 24 * 3600 * 1000 + 1000));
  }
});

test('an unverified account cannot sign in; the right password gets a fresh link (once per 15 minutes)', async () => {
  const email = 'trade@whisky.test';
  const before = (await mailbox(t, email)).length;
  for (let i = 0; i < 2; i++) {
    const res = await call(t, 'POST', '/api/auth/login/', { email, password: STRONG_PASSWORD, remember_me: false });
    assert.equal([res.statusCode, res.json()], [400, { detail: 'Your email address is not verified yet. We have sent you a new verification link.' }]);
  }
  assert.is((await mailbox(t, email)).length, before + 1);
  const token = await tokenFromMail(t, email, 'submit_token');
  assert.is((await call(t, 'POST', '/api/auth/verify_email/', { token })).statusCode, 200);
});

test.run();
