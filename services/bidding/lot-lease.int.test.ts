/** Lot leases against PostgreSQL: acquire, renew, expiry and takeover, release, and the fencing of a lost lease. */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { startSecondProcess, stopSecondProcess } from '../testing/second-process';
import type { AppContext } from '../context';
import { installLeases, LeaseLost, LotLeases, uninstallLeases } from './lot-leases';
import { lotWriters } from './lot-writers';
import type { LotJob } from './lot-job';
import { createLot, replayLot } from './testing';

let t: TestApp;
let ctx2: AppContext;
let a: LotLeases;
let b: LotLeases;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.before(async () => {
  t = await startTestApp({ workers: false });
  ctx2 = startSecondProcess(t);
  a = new LotLeases(t.ctx.db);
  b = new LotLeases(ctx2.db);
  await a.start('http://127.0.0.1:9/a');
  await b.start('http://127.0.0.1:9/b');
});

test.after(async () => {
  await a.stop();
  await b.stop();
  await stopSecondProcess(ctx2);
  await t.close();
});

const bid = (lotId: string, pence: number): LotJob => ({
  build: (now) => ({
    type: 'PlaceBid', lot_id: lotId, bid_id: randomUUID(), auto_bid_id: randomUUID(), bidder_id: randomUUID(),
    max_bid: pence, bidder_registration_fee_paid: true, now,
  }),
  metadata: { user_id: 'test' },
});

test('a free lot is taken by the first process; the other sees who holds it and where', async () => {
  const lotId = randomUUID();
  const first = await a.acquire(lotId);
  assert.equal([first.mine, first.epoch, first.holder], [true, 1, a.holder]);
  assert.is(a.epochOf(lotId), 1);
  const seen = await b.acquire(lotId);
  assert.equal([seen.mine, seen.epoch, seen.holder, seen.address], [false, 1, a.holder, 'http://127.0.0.1:9/a']);
  assert.is(b.epochOf(lotId), undefined);
});

test('a lease lives as long as its holder beats; once the heartbeat expires, another process takes it (epoch + 1)', async () => {
  const short = new LotLeases(t.ctx.db, { ttlMs: 400, heartbeatMs: 100 });
  await short.start('http://127.0.0.1:9/short');
  const lotId = randomUUID();
  assert.ok((await short.acquire(lotId)).mine);
  await sleep(700);
  assert.not.ok((await b.acquire(lotId)).mine, 'renewed by its heartbeat: still held');
  // The process dies: no more heartbeats.
  clearInterval((short as unknown as { timer: NodeJS.Timeout }).timer);
  await sleep(500);
  const taken = await b.acquire(lotId);
  assert.equal([taken.mine, taken.epoch], [true, 2]);
  await short.stop();
});

test('a holder marked dead (it did not answer) loses its leases at once; its next heartbeat revives only what it still holds', async () => {
  const lotId = randomUUID();
  const other = randomUUID();
  assert.ok((await a.acquire(lotId)).mine);
  assert.ok((await a.acquire(other)).mine);
  await b.markDead(a.holder);
  assert.ok((await b.acquire(lotId)).mine, 'taken at once');
  await a.heartbeat();
  assert.is(a.epochOf(lotId), undefined, 'the heartbeat forgot the lease taken over');
  assert.is(a.epochOf(other), 1, 'and kept the one nobody took');
  assert.not.ok((await b.acquire(other)).mine, 'alive again');
});

test('fencing: a writer whose lease was taken cannot append, and its callers are told (LeaseLost)', async () => {
  installLeases(t.ctx, a);
  installLeases(ctx2, b);
  try {
    const { lotId } = await createLot(t.ctx, t.clock.now());
    await lotWriters(t.ctx).submit(lotId, bid(lotId, 2_000));
    assert.is(a.epochOf(lotId), 1);
    // The lease moves to the second process behind the first one's back (its cache still says "mine").
    const moved = await b.acquire(lotId, 'steal');
    assert.equal([moved.mine, moved.epoch], [true, 2]);
    assert.is(a.epochOf(lotId), 1);
    const before = (await replayLot(t.ctx, lotId)).version;
    try {
      await lotWriters(t.ctx).submit(lotId, bid(lotId, 3_000));
      assert.unreachable('the stale holder appended');
    } catch (error) {
      assert.instance(error, LeaseLost);
    }
    assert.is((await replayLot(t.ctx, lotId)).version, before, 'nothing appended by the stale holder');
    assert.is(a.epochOf(lotId), undefined);
    // The new holder writes on (its writer loads the stream fresh).
    const decision = await lotWriters(ctx2).submit(lotId, bid(lotId, 3_000));
    assert.ok(decision.append);
  } finally {
    uninstallLeases(t.ctx);
    uninstallLeases(ctx2);
  }
});

test('fencing race: a takeover waits for the append in flight, which commits before it; an append after it finds no lease', async () => {
  const { lotId } = await createLot(t.ctx, t.clock.now());
  const { epoch } = await a.acquire(lotId);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let fenced!: () => void;
  const fenceTaken = new Promise<void>((r) => (fenced = r));
  const append = t.ctx.db.transaction().execute(async (trx) => {
    await a.fence(trx, lotId, epoch);
    fenced();
    await held;
    await sql`SELECT 1`.execute(trx);
  });
  await fenceTaken;
  let takenAt = 0;
  const takeover = b.acquire(lotId, 'steal').then((info) => { takenAt = Date.now(); return info; });
  await sleep(300);
  assert.is(takenAt, 0, 'the takeover waits for the append transaction');
  const committedAt = Date.now();
  release();
  await append;
  const info = await takeover;
  assert.ok(info.mine && info.epoch === epoch + 1 && takenAt >= committedAt);
  await t.ctx.db.transaction().execute(async (trx) => {
    try {
      await a.fence(trx, lotId, epoch);
      assert.unreachable('a stale epoch passed the fence');
    } catch (error) {
      assert.instance(error, LeaseLost);
    }
  });
});

test('a rare write through the writers (staff edit, reserve) moves the lease here; a clean stop releases every lease', async () => {
  installLeases(ctx2, b);
  try {
    const { lotId } = await createLot(t.ctx, t.clock.now());
    assert.ok((await a.acquire(lotId)).mine);
    await lotWriters(ctx2).submit(lotId, bid(lotId, 2_500));
    assert.ok(b.epochOf(lotId) !== undefined);
    const { rows } = await sql<{ holder: string }>`SELECT holder FROM lot_leases WHERE lot_id = ${lotId}`.execute(t.ctx.db);
    assert.is(rows[0].holder, b.holder);
  } finally {
    uninstallLeases(ctx2);
  }
  const leaving = new LotLeases(t.ctx.db);
  await leaving.start('http://127.0.0.1:9/leaving');
  const lotId = randomUUID();
  assert.ok((await leaving.acquire(lotId)).mine);
  await leaving.stop();
  assert.ok((await a.acquire(lotId)).mine, 'released: free for the next process');
});

test.run();
