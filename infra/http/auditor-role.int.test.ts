import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { bearer, createTestUser, TEST_PASSWORD, type TestUser } from '../../services/testing/users';
import { AUDITOR_WRITES } from './auth';

let t: TestApp;
let auditor: TestUser;
test.before(async () => {
  t = await startTestApp();
  auditor = await createTestUser(t, { auditor: true, feePaid: true });
});
test.after(async () => {
  await t.close();
});

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SOME_ID = '7d0c4f5e-6a0b-4c39-9d55-3f7f2b1a9e01';
const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, SOME_ID).replace(/\*$/, '');
const eventCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(t.ctx.db)).rows[0].n);

test('signing in tells the client the account is an auditor', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: auditor.email, password: TEST_PASSWORD, remember_me: false } });
  assert.is(res.statusCode, 200, res.body);
  assert.is(res.json().is_auditor, true);
  assert.is(res.json().is_staff, false);
});

test('every write endpoint in the route table refuses an auditor and changes nothing', async () => {
  const writes = t.app.routeTable.filter((r) => WRITES.has(r.method) && r.url.startsWith('/api/') && !AUDITOR_WRITES.has(r.url.replace(/\/?$/, '/')));
  assert.ok(writes.length > 60, `the route table has the app's write routes (${writes.length})`);
  const before = await eventCount();
  const allowed: string[] = [];
  for (const route of writes) {
    const res = await t.app.inject({ method: route.method as 'POST', url: fill(route.url), headers: bearer(auditor), payload: { amount: '10.00', lot: SOME_ID } });
    if (res.statusCode !== 403 || res.json().detail !== 'Auditors have read-only access.') allowed.push(`${route.method} ${route.url} → ${res.statusCode}`);
  }
  assert.equal(allowed, []);
  assert.is(await eventCount(), before, 'no event was appended');
});

test('an auditor reads freely: own profile, wallet, lots', async () => {
  for (const url of ['/api/users/current/', '/api/user_wallet/', '/api/lots/']) {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(auditor) });
    assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  }
});

test('the same write from a bidder is not refused by the auditor rule', async () => {
  const bidder = await createTestUser(t, { feePaid: true });
  const res = await t.app.inject({ method: 'POST', url: '/api/bids/', headers: bearer(bidder), payload: { lot: SOME_ID, amount: '10.00' } });
  assert.is.not(res.json().detail, 'Auditors have read-only access.');
  assert.is.not(res.statusCode, 403);
});

test('an auditor can still change their own password', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/users/set_password/', headers: bearer(auditor), payload: {} });
  assert.is(res.statusCode, 400, 'reaches the handler, which validates the body');
});

test.run();
