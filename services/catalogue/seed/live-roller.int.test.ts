import { test } from 'uvu';
import * as assert from 'uvu/assert';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { TestApp } from '../../testing/harness';
import { startSecondProcess, stopSecondProcess } from '../../testing/second-process';
import { createTestUser } from '../../testing/users';
import { getJson, placeBid, startCatalogueTestApp } from '../testing/fixtures';
import { ClosingScheduler } from '../../bidding/closing-scheduler';
import { seedDemoHouse, type SeedSummary } from './seed-house';
import { rollLiveAuction, type RollOptions } from './live-roller';

const MINUTE = 60_000;
/** Short rolls for the test: a 20-minute auction of five lots, the next opened two minutes before the end. */
const ROLL: RollOptions = { durationMs: 20 * MINUTE, leadMs: 2 * MINUTE, lots: 5 };

let t: TestApp;
let other: AppContext;
let seeded: SeedSummary;

test.before(async () => {
  t = await startCatalogueTestApp();
  other = startSecondProcess(t);
  seeded = await seedDemoHouse(t.ctx, { now: t.clock.now(), parts: { past: false, live: true, next: false }, liveLots: 3, liveEndsInMinutes: 10, log: () => {} });
  await t.ctx.projections.waitFor(seeded.last!, 180_000);
});
test.after(async () => {
  await stopSecondProcess(other);
  await t.close();
});

const auctionsCreated = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'AuctionCreated'`.execute(t.ctx.db)).rows[0].n);
/** Every read model caught up with every event written so far. */
const settled = () => t.ctx.projections.settle(180_000);
/** Both processes roll at the same moment, as two servers on one database would. */
const rollBoth = () => Promise.all([rollLiveAuction(t.ctx, ROLL), rollLiveAuction(other, ROLL)]);

test('nothing opens while the live auction has more than the lead left', async () => {
  assert.equal(await rollBoth(), [null, null]);
  assert.is(await auctionsCreated(), 1);
});

test('shortly before the live auction ends, the next opens once, with fresh lots and their photographs; soft close still runs', async () => {
  const lotId = (await getJson(t, `/api/lots/filters/?auction=${seeded.liveAuctionId}&page_size=40`)).results[0].id as string;
  t.clock.advance(9 * MINUTE);
  // A late bid by a newcomer, above the lot's next minimum: the lot now ends three minutes after it.
  const minimum = Math.round(Number((await getJson(t, `/api/lots/${lotId}/`)).bid_stats.next_minimum_bid) * 100);
  const newcomer = await createTestUser(t, { feePaid: true });
  await placeBid(t, lotId, newcomer.id, minimum * 2);
  const rolls = await rollBoth();
  const opened = rolls.filter((r) => r !== null);
  assert.is(opened.length, 1, 'exactly one process opened the next auction');
  assert.is(await auctionsCreated(), 2);
  assert.equal(await rollBoth(), [null, null], 'and nobody opens it again');
  const next = opened[0]!;
  const live = await getJson(t, '/api/auctions/status/');
  assert.is(Date.parse(live.live_end_date) - Date.parse(live.live_start_date) > 0, true);
  assert.is(next.start.getTime(), Date.parse(live.live_end_date), 'the next starts when the live one ends');

  await settled();
  const lots = await getJson(t, `/api/lots/filters/?auction=${next.auctionId}&page_size=40`);
  assert.is(lots.count, ROLL.lots);
  const old = await getJson(t, `/api/lots/filters/?auction=${seeded.liveAuctionId}&page_size=40`);
  const oldIds = new Set(old.results.map((l: { id: string }) => l.id));
  assert.ok(lots.results.every((l: { id: string }) => !oldIds.has(l.id)), 'fresh lots');
  const photos = lots.results.map((l: { photos: { file: string }[] }) => l.photos[0].file);
  assert.is(new Set(photos).size, ROLL.lots, 'each lot its own photograph');
  const image = await t.app.inject({ method: 'GET', url: photos[0] });
  assert.is(image.statusCode, 200);
  assert.is((await sharp(image.rawPayload).metadata()).format, 'webp');

  // The live auction's end passes: its lots close, but the late-bid lot runs on (soft close), and the next is live.
  t.clock.advance(1 * MINUTE + 1_000);
  await new ClosingScheduler(t.ctx).runOnce();
  const bidLot = await getJson(t, `/api/lots/${lotId}/`);
  assert.is(bidLot.on_bidding, true, 'the late-bid lot is still open after the auction end');
  const liveAuctions = await getJson(t, '/api/auctions/?time=live');
  assert.ok(liveAuctions.results.some((a: { id: string }) => a.id === next.auctionId), 'the next auction is live');
  const onBidding = await getJson(t, `/api/lots/filters/?auction=${next.auctionId}&live=true&page_size=40`);
  assert.is(onBidding.count, ROLL.lots, 'its lots take bids');
});

test('the live auction closed, the next is the live auction, and it rolls on when its own end nears', async () => {
  t.clock.advance(3 * MINUTE);
  // The closing scheduler closes the late-bid lot, then finishes the auction once its read model shows every lot closed
  // (a pass waits only briefly for it: pass again after the read models caught up, as the running scheduler does).
  const scheduler = new ClosingScheduler(t.ctx);
  let finished = false;
  for (let pass = 0; pass < 10 && !finished; pass++) {
    finished = (await scheduler.runOnce()).finishedAuctions.includes(seeded.liveAuctionId!);
    if (!finished) await settled();
  }
  assert.ok(finished, 'the live auction finished');
  await settled();
  const status = await getJson(t, '/api/auctions/status/');
  assert.is.not(status.live_auction_id, seeded.liveAuctionId);
  assert.is(status.is_live, true);
  t.clock.advance(ROLL.durationMs - 4 * MINUTE - 30_000);
  const rolls = await rollBoth();
  assert.is(rolls.filter((r) => r !== null).length, 1);
  assert.is(await auctionsCreated(), 3);
});

test.run();
