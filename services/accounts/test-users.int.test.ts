import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser } from '../testing/users';
import { authenticateAccessToken } from './authenticate';
import { getUserById, isRegistrationFeePaid } from './queries';

let t: TestApp;

test.before(async () => {
  t = await startTestApp();
});

test.after(async () => {
  await t.close();
});

test('createTestUser makes a verified, signed-in account visible in the users read model', async () => {
  const user = await createTestUser(t);
  const caller = await authenticateAccessToken(t.ctx, user.access);
  assert.equal(caller && { id: caller.id, is_staff: caller.is_staff }, { id: user.id, is_staff: false });
  const row = await getUserById(t.ctx.db, user.id);
  assert.is(row?.email, user.email);
  assert.is(row?.is_verified, true);
  assert.is(row?.is_completed, true);
  assert.is(await isRegistrationFeePaid(t.ctx.db, user.id), false);
});

test('staff and fee-paid options are recorded through the account commands', async () => {
  const staff = await createTestUser(t, { staff: true, feePaid: true, email: 'Boss@Whisky.test' });
  assert.is(staff.email, 'boss@whisky.test');
  const caller = await authenticateAccessToken(t.ctx, staff.access);
  assert.is(caller?.is_staff, true);
  assert.is(await isRegistrationFeePaid(t.ctx.db, staff.id), true);
  const events = await t.ctx.store.readStream(`user-${staff.id}`);
  assert.equal(events.map((e) => e.type), ['UserRegistered', 'EmailVerified', 'StaffFlagChanged', 'RegistrationFeePaid']);
});

test.run();
