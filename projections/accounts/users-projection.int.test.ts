import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { createTestUser } from '../../services/testing/users';
import { runAccountCommand, awaitProjected, recordRegistrationFeePaid } from '../../services/accounts/account-commands';
import { applyEvents } from '../runner';
import { rebuildAndCompare, tableHash } from '../rebuild';
import { usersProjection } from './users-projection';
import { newsletterProjection } from './newsletter-projection';
import { newsletterToken } from '../../services/content/newsletter';
import { wholeFeed } from '../../services/testing/feed';

let t: TestApp;

test.before(async () => {
  t = await startTestApp();
  const a = await createTestUser(t, { email: 'one@whisky.test', staff: true });
  const b = await createTestUser(t, { email: 'two@whisky.test' });
  const now = () => t.clock.now().toISOString();
  await awaitProjected(t.ctx, (await runAccountCommand(t.ctx, b.id, { type: 'UpdateProfile', changes: { first_name: 'Bram', audio_cue: 'audio_2' }, now: now() })).append);
  await awaitProjected(t.ctx, (await runAccountCommand(t.ctx, b.id, { type: 'SubscribeNewsletter', now: now() })).append);
  await awaitProjected(t.ctx, (await runAccountCommand(t.ctx, a.id, { type: 'SetStaff', is_staff: false, by: 'system', now: now() })).append);
  await recordRegistrationFeePaid(t.ctx, b.id, { by: a.id, reference: 'till 3' });
  await t.app.inject({ method: 'POST', url: '/api/subscribe_newsletter/', payload: { email: 'reader@whisky.test' } });
  // Double opt-in (services/content/newsletter.ts): the reader confirms from the emailed link.
  await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { email: 'reader@whisky.test', token: newsletterToken(t.ctx, 'confirm', 'reader@whisky.test') } });
  await t.ctx.projections.settle();
});

test.after(async () => {
  await t.close();
});

test('the rows follow the events', async () => {
  const rows = await t.ctx.db.selectFrom('users').select(['email', 'first_name', 'audio_cue', 'is_staff', 'promotional_email', 'registration_fee_status', 'version']).orderBy('email').execute();
  assert.equal(rows, [
    { email: 'one@whisky.test', first_name: 'Test', audio_cue: 'audio_1', is_staff: false, promotional_email: false, registration_fee_status: false, version: 4 },
    { email: 'two@whisky.test', first_name: 'Bram', audio_cue: 'audio_2', is_staff: false, promotional_email: true, registration_fee_status: true, version: 5 },
  ]);
});

test('applying every event a second time changes nothing', async () => {
  const before = await Promise.all([tableHash(t.ctx.db, 'public', 'users'), tableHash(t.ctx.db, 'public', 'newsletter_subscribers')]);
  const events = await wholeFeed(t.ctx.store);
  await t.ctx.db.transaction().execute(async (trx) => {
    await applyEvents(trx, usersProjection, events);
    await applyEvents(trx, newsletterProjection, events);
  });
  // An older event arriving again after newer ones (e.g. the first SetStaff) must not roll a row back either.
  const staffGranted = events.find((e) => e.type === 'StaffFlagChanged')!;
  await t.ctx.db.transaction().execute((trx) => applyEvents(trx, usersProjection, [staffGranted]));
  const after = await Promise.all([tableHash(t.ctx.db, 'public', 'users'), tableHash(t.ctx.db, 'public', 'newsletter_subscribers')]);
  assert.equal(after, before);
  assert.is(before[0].rows, 2);
  assert.is(before[1].rows, 1);
});

test('rebuilding from the events gives exactly the live tables', async () => {
  for (const projection of [usersProjection, newsletterProjection]) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.events > 0);
    for (const table of report.tables) assert.ok(table.equal, `${table.table}: ${table.live} vs ${table.rebuilt}`);
  }
});

test.run();
