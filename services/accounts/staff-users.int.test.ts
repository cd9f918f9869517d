import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { call } from './testing';

let t: TestApp;
let staff: TestUser;
let isla: TestUser;
let ivor: TestUser;
let paid: TestUser;
let odd: TestUser;

test.before(async () => {
  t = await startTestApp();
  staff = await createTestUser(t, { email: 'house@whisky.test', staff: true, feePaid: true, firstName: 'Sam', lastName: 'Staff' });
  isla = await createTestUser(t, { email: 'isla.grant@whisky.test', firstName: 'Isla', lastName: 'Grant' });
  t.clock.advance(60_000);
  ivor = await createTestUser(t, { email: 'ivor@example.org', firstName: 'Ivor', lastName: 'Grant-Smith' });
  t.clock.advance(60_000);
  paid = await createTestUser(t, { email: 'paid.up@whisky.test', firstName: 'Morag', lastName: 'Campbell', feePaid: true });
  t.clock.advance(60_000);
  odd = await createTestUser(t, { email: 'under_score@whisky.test', firstName: 'Una', lastName: 'Score' });
});

test.after(async () => {
  await t.close();
});

const list = async (query = '', user: TestUser | null = staff) => call(t, 'GET', `/api/staff/users/${query}`, undefined, { user });
const emails = (body: { results: { email: string }[] }) => body.results.map((r) => r.email);

test('only staff may list users', async () => {
  const anonymous = await list('', null);
  assert.equal([anonymous.statusCode, anonymous.json()], [401, { detail: 'Authentication credentials were not provided.' }]);
  const bidder = await list('', isla);
  assert.equal([bidder.statusCode, bidder.json()], [403, { detail: 'You do not have permission to perform this action.' }]);
});

test('lists every user, newest first, with the fields the staff screen needs and nothing secret', async () => {
  const res = await list();
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.is(body.count, 5);
  // Registered one minute apart, after the first two (same minute, then by id).
  assert.equal(emails(body).slice(0, 3), ['under_score@whisky.test', 'paid.up@whisky.test', 'ivor@example.org']);
  assert.equal(emails(body).slice(3).sort(), ['house@whisky.test', 'isla.grant@whisky.test']);
  const morag = body.results.find((r: { id: string }) => r.id === paid.id);
  assert.equal(Object.keys(morag).sort(), [
    'email', 'first_name', 'id', 'is_staff', 'is_verified', 'last_name', 'registered_at', 'registration_fee_paid_at', 'registration_fee_status',
  ]);
  assert.equal([morag.first_name, morag.last_name, morag.is_verified, morag.registration_fee_status], ['Morag', 'Campbell', true, true]);
  assert.ok(morag.registration_fee_paid_at, 'the paid date is shown');
  assert.not.match(res.body, /scrypt|argon2|password/i);
});

test('search matches email, either name or the full name, ignoring case; % and _ are literal', async () => {
  assert.equal(emails((await list('?search=GRANT')).json()).sort(), ['isla.grant@whisky.test', 'ivor@example.org']);
  assert.equal(emails((await list('?search=example.org')).json()), ['ivor@example.org']);
  assert.equal(emails((await list(`?search=${encodeURIComponent('isla grant')}`)).json()), ['isla.grant@whisky.test']);
  assert.equal((await list('?search=under_')).json().results.map((r: { id: string }) => r.id), [odd.id]);
  assert.equal(emails((await list('?search=u_der')).json()), [], '_ is not a wildcard');
  assert.equal(emails((await list('?search=%25')).json()), [], '% is not a wildcard');
  const none = (await list('?search=nobody-here')).json();
  assert.equal([none.count, none.results, none.total_pages], [0, [], 1]);
});

test('filters on the fee status, and the status follows the staff switch', async () => {
  assert.equal(emails((await list('?registration_fee_status=true')).json()).sort(), ['house@whisky.test', 'paid.up@whisky.test']);
  assert.ok(emails((await list('?registration_fee_status=false')).json()).includes('ivor@example.org'));
  const marked = await call(t, 'POST', `/api/staff/users/${ivor.id}/registration_fee_paid/`, { reference: 'paid at the desk' }, { user: staff });
  assert.is(marked.statusCode, 200);
  const row = (await list('?search=ivor')).json().results[0];
  assert.equal([row.id, row.registration_fee_status], [ivor.id, true]);
  assert.not.ok(emails((await list('?registration_fee_status=false')).json()).includes('ivor@example.org'));
});

test('pages through the list; bad paging is a field error', async () => {
  const first = (await list('?page_size=2&search=whisky.test')).json();
  assert.equal([first.count, first.total_pages, first.results.length, first.previous], [4, 2, 2, null]);
  assert.is(first.next, '/api/staff/users/?page_size=2&search=whisky.test&page=2');
  const second = (await list('?page_size=2&search=whisky.test&page=2')).json();
  assert.equal(second.results.length, 2);
  assert.equal(new Set([...emails(first), ...emails(second)]).size, 4, 'no user on two pages');
  assert.ok(second.previous);
  const bad = await list('?page=0&page_size=500');
  assert.is(bad.statusCode, 400);
  assert.equal(Object.keys(bad.json()).sort(), ['page', 'page_size']);
});

test.run();
