import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call, createIncompleteUser } from './testing';
import { consumeWsTicket } from './ws-tickets';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let staff: TestUser;

test.before(async () => {
  t = await startTestApp();
  alice = await createTestUser(t, { email: 'alice@whisky.test', firstName: 'Alice', lastName: 'Grant' });
  bob = await createTestUser(t, { email: 'bob@whisky.test' });
  staff = await createTestUser(t, { email: 'staff@whisky.test', staff: true });
});

test.after(async () => {
  await t.close();
});

test('GET /api/users/current/ answers the caller with the flat settings; 401 when anonymous', async () => {
  const res = await call(t, 'GET', '/api/users/current/', undefined, { user: alice });
  assert.is(res.statusCode, 200);
  assert.equal(res.json(), {
    id: alice.id, email: 'alice@whisky.test', first_name: 'Alice', last_name: 'Grant', title: null, phone_number: '07400 900123',
    birth_date: '1980-01-01', is_staff: false, is_auditor: false, is_verified: true, is_completed: true, unpaid_lots_to_notify: false,
    vat_enabled: false, vat_number: '', company_name: '', audio_cue: 'audio_1', is_audio_cues: true, promotional_email: false,
    registration_fee_status: false, email_opt_outs: [],
  });
  const anonymous = await call(t, 'GET', '/api/users/current/');
  assert.equal([anonymous.statusCode, anonymous.json()], [401, { detail: 'Authentication credentials were not provided.' }]);
});

test('PATCH /api/users/{id}/ changes only your own profile and settings', async () => {
  const patch = { first_name: 'Alicia', title: 'Dr', audio_cue: 'audio_3', is_audio_cues: false, promotional_email: true, is_staff: true };
  const res = await call(t, 'PATCH', `/api/users/${alice.id}/`, patch, { user: alice });
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal([body.first_name, body.title, body.audio_cue, body.is_audio_cues, body.promotional_email], ['Alicia', 'Dr', 'audio_3', false, true]);
  assert.is(body.is_staff, false, 'fields outside the profile are ignored');

  const again = await call(t, 'PATCH', `/api/users/${alice.id}/`, patch, { user: alice });
  assert.is(again.statusCode, 200);
  const changes = (await t.ctx.store.readStream(`user-${alice.id}`)).filter((e) => e.type === 'ProfileChanged');
  assert.is(changes.length, 1, 'an unchanged save records nothing');

  const other = await call(t, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'Mallory' }, { user: bob });
  assert.equal([other.statusCode, other.json()], [403, { detail: 'You do not have permission to perform this action.' }]);
  const byStaff = await call(t, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'Mallory' }, { user: staff });
  assert.is(byStaff.statusCode, 403);
  assert.is((await call(t, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'Mallory' })).statusCode, 401);

  const invalid = await call(t, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'A1', phone_number: '123', audio_cue: 'audio_9' }, { user: alice });
  assert.equal([invalid.statusCode, invalid.json()], [400, { audio_cue: ['Choose one of the audio cues.'] }]);
  const badNames = await call(t, 'PATCH', `/api/users/${alice.id}/`, { first_name: 'A1', phone_number: '123' }, { user: alice });
  assert.equal(badNames.json(), { first_name: ['Only letters, spaces and hyphens are allowed'], phone_number: ['Phone number is invalid!'] });
});

test('PATCH /api/users/{id}/ completes a profile once: birth date by the sign-up rules, then locked', async () => {
  const cara = await createIncompleteUser(t, 'cara@whisky.test', { first_name: 'Cara' });
  const me = () => call(t, 'GET', '/api/users/current/', undefined, { user: cara });
  assert.equal(((await me()).json() as { is_completed: boolean; birth_date: string | null }).birth_date, null);
  assert.is((await me()).json().is_completed, false);
  const url = `/api/users/${cara.id}/`;

  const bad = await call(t, 'PATCH', url, { last_name: 'Lamont', phone_number: '07400 900777', birth_date: '31/02/1990' }, { user: cara });
  assert.equal([bad.statusCode, bad.json()], [400, { birth_date: ['Enter valid format DD/MM/YYYY'] }]);
  const young = new Date(t.clock.now());
  young.setUTCFullYear(young.getUTCFullYear() - 17);
  const tooYoung = await call(t, 'PATCH', url, { birth_date: young.toISOString().slice(0, 10) }, { user: cara });
  assert.equal([tooYoung.statusCode, tooYoung.json()], [400, { birth_date: ['Minimal age is 18!'] }]);
  assert.equal((await call(t, 'PATCH', url, { birth_date: '01/01/1890' }, { user: cara })).json(), { birth_date: ['Too old'] });
  assert.equal((await call(t, 'PATCH', url, { birth_date: 19900214 }, { user: cara })).json(), { birth_date: ['Enter valid format DD/MM/YYYY'] });
  assert.is((await me()).json().is_completed, false, 'a refused save changes nothing');

  const other = await call(t, 'PATCH', url, { birth_date: '14/02/1990' }, { user: bob });
  assert.equal([other.statusCode, other.json()], [403, { detail: 'You do not have permission to perform this action.' }]);

  const done = await call(t, 'PATCH', url, { last_name: 'Lamont', phone_number: '07400 900777', birth_date: '14/02/1990' }, { user: cara });
  assert.is(done.statusCode, 200);
  assert.equal([done.json().birth_date, done.json().is_completed, done.json().last_name], ['1990-02-14', true, 'Lamont']);
  assert.is((await me()).json().is_completed, true);
  const row = await t.ctx.db.selectFrom('users').select(['birth_date', 'is_completed']).where('id', '=', cara.id).executeTakeFirst();
  assert.equal(row, { birth_date: '1990-02-14', is_completed: true });

  const change = await call(t, 'PATCH', url, { birth_date: '15/02/1990' }, { user: cara });
  assert.equal([change.statusCode, change.json()], [400, { birth_date: ['Your date of birth cannot be changed.'] }]);
  assert.is((await call(t, 'PATCH', url, { birth_date: '1990-02-14', first_name: 'Cara' }, { user: cara })).statusCode, 200, 'the same date again is no change');
  const locked = await call(t, 'PATCH', `/api/users/${alice.id}/`, { birth_date: '02/02/1992' }, { user: alice });
  assert.equal(locked.json(), { birth_date: ['Your date of birth cannot be changed.'] });
  const dates = (await t.ctx.store.readStream(`user-${cara.id}`)).filter((e) => e.type === 'ProfileChanged').map((e) => (e.data as { changes: { birth_date?: string } }).changes.birth_date);
  assert.equal(dates, ['1990-02-14']);
});

test('the registration fee switch is for staff only and recorded once', async () => {
  const url = `/api/staff/users/${bob.id}/registration_fee_paid/`;
  assert.is((await call(t, 'POST', url, {}, { user: bob })).statusCode, 403);
  assert.is((await call(t, 'POST', url, {})).statusCode, 401);
  const res = await call(t, 'POST', url, { reference: 'paid in store' }, { user: staff });
  assert.equal([res.statusCode, res.json().registration_fee_status], [200, true]);
  assert.is((await call(t, 'POST', url, {}, { user: staff })).statusCode, 200);
  const paid = (await t.ctx.store.readStream(`user-${bob.id}`)).filter((e) => e.type === 'RegistrationFeePaid');
  assert.equal(paid.map((e) => e.data), [{ user_id: bob.id, amount_pence: 500, reference: 'paid in store', recorded_by: staff.id, paid_at: t.clock.now().toISOString() }]);
  const missing = await call(t, 'POST', '/api/staff/users/00000000-0000-4000-8000-000000000000/registration_fee_paid/', {}, { user: staff });
  assert.equal([missing.statusCode, missing.json()], [404, { detail: 'User not found.' }]);
});

test('newsletter sign-up: anyone may ask (double opt-in, services/content/newsletter.ts); one\'s own email is subscribed at once and turns on promotional_email', async () => {
  for (const url of ['/api/subscribe_newsletter/', '/api/subscribe_email_for_notifications/']) {
    const res = await call(t, 'POST', url, { email: 'Visitor@whisky.test' });
    assert.equal([res.statusCode, res.json()], [200, { detail: 'You have subscribed on our emails: please confirm with the link we have just sent you.' }]);
  }
  assert.is((await t.ctx.store.readStream('newsletter-visitor@whisky.test')).length, 1, 'asking twice records nothing new');
  assert.equal((await call(t, 'POST', '/api/subscribe_newsletter/', {})).json(), { email: ['Please, specify your email'] });
  assert.equal((await call(t, 'POST', '/api/subscribe_newsletter/', { email: 'nope@x' })).json(), { email: ['Invalid email address'] });

  await call(t, 'POST', '/api/subscribe_email_for_notifications/', { email: 'someone.else@whisky.test' }, { user: bob });
  assert.is((await call(t, 'GET', '/api/users/current/', undefined, { user: bob })).json().promotional_email, false);
  const own = await call(t, 'POST', '/api/subscribe_email_for_notifications/', { email: 'BOB@whisky.test' }, { user: bob });
  assert.equal(own.json(), { detail: 'You have subscribed on our emails' });
  assert.is((await call(t, 'GET', '/api/users/current/', undefined, { user: bob })).json().promotional_email, true);
  await t.ctx.projections.settle();
  const rows = await t.ctx.db.selectFrom('newsletter_subscribers').select(['email', 'user_id']).orderBy('email').execute();
  assert.equal(rows, [{ email: 'bob@whisky.test', user_id: bob.id }], 'the other addresses wait for their confirmation');
});

test('websocket tickets: single use, 30 seconds, bound to the signed-in user, anonymous ones too', async () => {
  const mine = (await call(t, 'GET', '/api/auth/get_ws_ticket/', undefined, { user: alice })).json().ticket_uuid;
  const anon = (await call(t, 'GET', '/api/auth/get_ws_ticket/')).json().ticket_uuid;
  assert.match(mine, /^[0-9a-f-]{36}$/);
  assert.equal(await consumeWsTicket(t.ctx, mine), { user_id: alice.id });
  assert.is(await consumeWsTicket(t.ctx, mine), null, 'used once');
  assert.equal(await consumeWsTicket(t.ctx, anon), { user_id: null });
  assert.is(await consumeWsTicket(t.ctx, 'not-a-uuid'), null);

  const late = (await call(t, 'GET', '/api/auth/get_ws_ticket/', undefined, { user: alice })).json().ticket_uuid;
  const inTime = (await call(t, 'GET', '/api/auth/get_ws_ticket/', undefined, { user: alice })).json().ticket_uuid;
  t.clock.advance(29_000);
  assert.equal(await consumeWsTicket(t.ctx, inTime), { user_id: alice.id });
  t.clock.advance(1_000);
  assert.is(await consumeWsTicket(t.ctx, late), null, 'expired after 30 s');

  const beforeLogout = (await call(t, 'GET', '/api/auth/get_ws_ticket/', undefined, { user: bob })).json().ticket_uuid;
  await call(t, 'GET', '/api/auth/clear_ws_connections/', undefined, { user: bob });
  assert.is(await consumeWsTicket(t.ctx, beforeLogout), null, 'a ticket dies with its session');
});

test.run();
