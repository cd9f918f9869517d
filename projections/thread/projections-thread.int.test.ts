/**
 * The read models on their own thread (PROJECTIONS_THREAD=1), end to end on a real app and PostgreSQL: a write read
 * back from the thread's progress (read-your-writes), the read models equal to a rebuild, a thread that dies replaced
 * without losing a waiter, and a clean stop.
 */
import { sql } from 'kysely';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../../services/testing/harness';
import { createTestUser, type TestUser } from '../../services/testing/users';
import { consignLot, createAuction, placeBid } from '../../services/catalogue/testing/fixtures';
import { ProjectionsThread } from './projections-thread';
import { rebuildAndCompare } from '../rebuild';
import { allProjections } from '../index';

let t: TestApp;
let staff: TestUser, seller: TestUser, ann: TestUser, bob: TestUser;

test.before(async () => {
  t = await startTestApp({ config: { projectionsThread: true } });
  [staff, seller, ann, bob] = await Promise.all([
    createTestUser(t, { staff: true }), createTestUser(t), createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true }),
  ]);
});

test.after(async () => {
  await t.close();
});

const worker = () => (t.ctx.projections as unknown as { worker: { terminate(): Promise<number> } | null }).worker;

test('the app runs its read models on the thread, and a write is read back from them', async () => {
  assert.ok(t.ctx.projections instanceof ProjectionsThread);
  assert.ok(t.ctx.projections.started);
  const auction = await createAuction(t, staff);
  const lot = await consignLot(t, staff, auction.id, seller.id, { title: 'Ardbeg 10' });
  await placeBid(t, lot.id, ann.id, 3000);
  const outbid = await placeBid(t, lot.id, bob.id, 8000);
  const last = outbid.append!.events.at(-1)!;
  assert.ok(t.ctx.projections.reached({ transaction_id: last.transaction_id, position: last.position }));
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${ann.id} AND template = 'outbid'`.execute(t.ctx.db);
  assert.is(rows[0].n, 1, 'the thread applied the outbid notice before the wait resolved');
  const page = await t.app.inject({ method: 'GET', url: `/api/lots/${lot.id}/` });
  assert.is(page.statusCode, 200, page.body);
  assert.match(page.body, /Ardbeg 10/);
});

test('the followers on the main thread are woken by the thread\'s passes that met new events', async () => {
  let told = 0;
  const unsubscribe = t.ctx.projections.onProgress(() => told++);
  try {
    await t.ctx.projections.settle();
    const before = told;
    await createAuction(t, staff);
    await t.ctx.projections.settle();
    assert.ok(told > before, `told after the auction's events were applied (${before} -> ${told})`);
  } finally {
    unsubscribe();
  }
});

test('what the thread wrote equals a rebuild from the events', async () => {
  await t.ctx.projections.settle();
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    assert.ok(report.tables.every((table) => table.equal), `${projection.name}: ${JSON.stringify(report.tables)}`);
  }
});

test('a thread that dies is replaced, and a write made meanwhile is still waited for and applied', async () => {
  const before = worker();
  assert.ok(before);
  await before!.terminate();
  const auction = await createAuction(t, staff);
  const lot = await consignLot(t, staff, auction.id, seller.id, { title: 'Lagavulin 16' });
  await placeBid(t, lot.id, ann.id, 4000);
  assert.ok(worker(), 'a new thread runs');
  assert.is.not(worker(), before);
  await t.ctx.projections.catchUp();
  const { rows } = await sql<{ id: string }>`SELECT id FROM lots WHERE id = ${lot.id}`.execute(t.ctx.db);
  assert.is(rows.length, 1);
});

test('stop ends the thread and closes its pool; a catch-up is refused afterwards', async () => {
  await t.ctx.projections.stop();
  assert.not.ok(t.ctx.projections.started);
  assert.is(worker(), null);
  await t.ctx.projections.catchUp().then(() => assert.unreachable('caught up without a thread'), (error: Error) => assert.match(error.message, /not running/));
});

test.run();
