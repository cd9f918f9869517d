/**
 * The mailer takes a batch of notifications in the same few statements however many rows it holds, and decides each
 * row as if they had come one by one: given a storm of outbids on two lots, when one batch runs, then each outbid
 * user gets one outbid email per lot (the window's throttle applies inside the batch too), the batch costs a fixed
 * number of statements, and a second run sends nothing.
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { mailbox } from '../accounts/testing';
import { consignLot, createAuction, placeBid, startCatalogueTestApp } from '../catalogue/testing/fixtures';
import { mailBatch } from './mailer';
import { projectionLag } from '../../infra/metrics/projection-lag';

let t: TestApp;
let ann: TestUser, bob: TestUser, cat: TestUser;

test.before(async () => {
  // No background workers: the test runs the mailer's batches itself.
  t = await startCatalogueTestApp();
  const [staff, seller] = await Promise.all([createTestUser(t, { staff: true }), createTestUser(t)]);
  [ann, bob, cat] = await Promise.all(Array.from({ length: 3 }, () => createTestUser(t, { feePaid: true })));
  const auction = await createAuction(t, staff);
  const first = (await consignLot(t, staff, auction.id, seller.id, { title: 'Brora 30' })).id;
  const second = (await consignLot(t, staff, auction.id, seller.id, { title: 'Port Ellen 25' })).id;
  // Ann and Bob outbid each other three times each on the first lot; Cat is outbid once on the second.
  for (const [i, user] of [ann, bob, ann, bob, ann, bob, ann].entries()) await placeBid(t, first, user.id, 3_000 + i * 1_000);
  await placeBid(t, second, cat.id, 5_000);
  await placeBid(t, second, bob.id, 9_000);
  await t.ctx.projections.settle();
});
test.after(async () => t.close());

const options = () => ({ publicUrl: 'https://example.test', now: () => t.clock.now() });
const outbidMails = async (user: TestUser) => (await mailbox(t, user.email)).filter((m) => m.subject === 'You have been outbid');

test('one batch: one outbid email per user and lot, in a fixed number of statements', async () => {
  const { rows: [stored] } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE template = 'outbid'`.execute(t.ctx.db);
  assert.is(stored.n, 7, 'six outbids on the first lot, one on the second');
  let statements = 0;
  const counting = t.ctx.db.withPlugin({ transformQuery: (args) => { statements++; return args.node; }, transformResult: async (args) => args.result });
  assert.ok(await mailBatch(counting, options()));
  // lock, checkpoint, the notifications projection's checkpoint, rows, logged, recipients, outbids emailed, log,
  // emails, checkpoint
  assert.is(statements, 10);
  assert.is((await outbidMails(ann)).length, 1);
  assert.is((await outbidMails(bob)).length, 1);
  assert.is((await outbidMails(cat)).length, 1);
  const { rows: logged } = await sql<{ emailed: boolean; n: number }>`SELECT emailed, count(*)::int AS n FROM notification_emails
    WHERE template = 'outbid' GROUP BY emailed ORDER BY emailed`.execute(t.ctx.db);
  assert.equal(logged, [{ emailed: false, n: 4 }, { emailed: true, n: 3 }], 'every outbid logged, the throttled ones as not emailed');
});

test('run again, the mailer finds nothing new and sends nothing', async () => {
  const before = (await mailbox(t)).length;
  assert.is(await mailBatch(t.ctx.db, options()), false);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'notification-mailer'`.execute(t.ctx.db);
  // From the start again (as after a crash before the checkpoint): every row is found logged.
  assert.ok(await mailBatch(t.ctx.db, options()));
  assert.is((await mailbox(t)).length, before);
});

test('events after the last notifying one: the mailer\'s checkpoint follows the notifications projection, so it is not left behind', async () => {
  const staff = await createTestUser(t, { staff: true });
  const auction = await createAuction(t, staff);
  const lot = (await consignLot(t, staff, auction.id, (await createTestUser(t)).id, { title: 'Rosebank 21' })).id;
  // A first bid and the leader's own raise: neither notifies anyone.
  await placeBid(t, lot, ann.id, 4_000);
  await placeBid(t, lot, ann.id, 6_000);
  await t.ctx.projections.settle();
  await mailBatch(t.ctx.db, options());
  const [lag] = await projectionLag(t.ctx.db, ['notification-mailer']);
  assert.is(lag.eventsBehind, 0);
  const { rows } = await sql<{ name: string; at: string }>`SELECT name, transaction_id::text || ':' || position AS at FROM projection_checkpoints
    WHERE name IN ('notifications', 'notification-mailer') ORDER BY name`.execute(t.ctx.db);
  assert.is(rows[0].at, rows[1].at);
  assert.is((await outbidMails(ann)).length, 1, 'no new email');
});

test.run();
