import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import type { AppContext } from '../context';
import { startSecondProcess, stopSecondProcess } from '../testing/second-process';
import { auctionStream } from '../catalogue/streams';
import { rebuildAndCompare } from '../../projections/rebuild';
import { lotScheduleProjection } from '../../projections/bidding/lot-schedule/projection';
import { ClosingScheduler, closingScheduler } from './closing-scheduler';
import { MINUTE, createAuction, createLot, eventsOf, postBid, replayLot } from './testing';

let t: TestApp;
let ctx2: AppContext;
let alice: TestUser;

test.before(async () => {
  t = await startTestApp();
  alice = await createTestUser(t, { feePaid: true });
  ctx2 = startSecondProcess(t);
});

test.after(async () => {
  await stopSecondProcess(ctx2);
  await t.close();
});

const closes = async (lotId: string) => eventsOf((await replayLot(t.ctx, lotId)).stored, 'LotClosed');

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.unreachable(`timed out waiting for ${what}`);
}

test('the running scheduler closes a lot once its end has passed, as sold to the leader', async () => {
  const { lotId, endsAt } = await createLot(t.ctx, t.clock.now(), { endsInMs: 30 * MINUTE });
  assert.is((await postBid(t, alice, { bid: '50', lot: lotId })).statusCode, 201);
  t.clock.set(new Date(Date.parse(endsAt) - 1));
  await new Promise((r) => setTimeout(r, 300));
  assert.is((await closes(lotId)).length, 0, 'not a millisecond early');

  t.clock.set(endsAt);
  await until(async () => (await closes(lotId)).length === 1, 'LotClosed');
  const [closed] = await closes(lotId);
  assert.equal([closed.data.outcome, closed.data.winner_id, closed.data.hammer_price], ['sold', alice.id, 1_000]);
  assert.is(closed.metadata.user_id, 'system');
});

test('two schedulers on one database close every lot exactly once and finish the auction once, after the last soft-closed lot', async () => {
  const end = new Date(t.clock.now().getTime() + 20 * MINUTE);
  const auctionId = await createAuction(t.ctx, t.clock.now(), end.getTime() - t.clock.now().getTime());
  const lots = await Promise.all(Array.from({ length: 6 }, () => createLot(t.ctx, t.clock.now(), { auctionId, endsInMs: end.getTime() - t.clock.now().getTime() })));
  const [extended] = lots;

  // One lot gets a bid a minute before the end: it runs two minutes past the auction's end.
  t.clock.set(new Date(end.getTime() - MINUTE));
  const bob = await createTestUser(t, { feePaid: true });
  assert.is((await postBid(t, bob, { bid: '20', lot: extended.lotId })).statusCode, 201);

  // Only the two schedulers under test may close: the app's own running scheduler would race them for the lots.
  await closingScheduler(t.ctx).stop();
  const first = new ClosingScheduler(t.ctx);
  const second = closingScheduler(ctx2);
  const both = async () => {
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    return { lots: [...a.closedLots, ...b.closedLots], auctions: [...a.finishedAuctions, ...b.finishedAuctions] };
  };

  t.clock.set(end);
  const atEnd = [await both(), await both()];
  const closedAtEnd = atEnd.flatMap((r) => r.lots);
  assert.is(closedAtEnd.length, 5);
  assert.equal(new Set(closedAtEnd).size, 5, 'no lot closed twice');
  assert.not.ok(closedAtEnd.includes(extended.lotId));
  assert.equal(atEnd.flatMap((r) => r.auctions), [], 'the auction waits for its extended lot');

  await t.ctx.projections.settle();
  t.clock.set(new Date(end.getTime() + 2 * MINUTE));
  const late = [await both(), await both(), await both()];
  assert.equal(late.flatMap((r) => r.lots), [extended.lotId]);
  assert.equal(late.flatMap((r) => r.auctions).filter((id) => id === auctionId), [auctionId]);

  for (const { lotId } of lots) assert.is((await closes(lotId)).length, 1, `lot ${lotId} closed once`);
  const auction = await t.ctx.store.readStream(auctionStream(auctionId));
  assert.equal(auction.map((e) => e.type), ['AuctionCreated', 'AuctionFinished']);
  closingScheduler(t.ctx).start();
});

test('the scheduler\'s read model rebuilt from the events equals the live one', async () => {
  await t.ctx.projections.settle();
  const report = await rebuildAndCompare(t.ctx.db, lotScheduleProjection);
  assert.ok(report.events > 0);
  for (const table of report.tables) assert.ok(table.equal && table.rows > 0, `${table.table}: ${JSON.stringify(table)}`);
});

test.run();
