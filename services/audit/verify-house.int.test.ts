/**
 * The whole house verified from its events (issue #12, "Done when"): a seeded house — hundreds of demo lots with
 * proxy battles, crafted lots with ties, reserve jumps, a moved reserve, extensions and unsold closes, and wallets
 * with every kind of movement — replays with zero differences; a corrupted read-model row and a tampered event are
 * each named.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import type { TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { startOrderApp } from '../orders/testing';
import { seedDemoHouse } from '../catalogue/seed/seed-house';
import { toNewEvents } from '../catalogue/seed/decide-all';
import { lotStream } from '../catalogue/streams';
import { CRAFTED_SHAPES, craftedLotStory } from './testing/crafted-lots';
import { tellWalletStory } from './testing/wallet-story';
import { verifyHouse, type HouseReport } from './verify-house';

let t: TestApp;
let staff: TestUser;
const crafted: { id: string; shape: string }[] = [];

test.before(async () => {
  try {
    await seedHouse();
  } catch (error) {
    console.error('setup failed:', error); // uvu swallows a before hook's error
    throw error;
  }
});
test.after(async () => {
  await t.close();
});

async function seedHouse(): Promise<void> {
  let seller: TestUser;
  ({ t, staff, seller } = await startOrderApp());
  const seeded = await seedDemoHouse(t.ctx, { now: t.clock.now(), parts: { past: true }, pastAuctions: 3, lotsPerPastAuction: 70, log: () => {} });
  const auctionId = seeded.pastAuctionIds[0]!;
  const { rows: [auction] } = await sql<{ start: string; end: string }>`
    SELECT data->>'start_date' AS start, data->>'end_date' AS end FROM events WHERE stream_id = ${`auction-${auctionId}`} AND type = 'AuctionCreated'`.execute(t.ctx.db);
  for (let i = 0; i < 40; i++) {
    const shape = CRAFTED_SHAPES[i % CRAFTED_SHAPES.length]!;
    const story = craftedLotStory({
      shape, index: i, auctionId, sellerId: seeded.users.sellerIds[0]!, staffId: seeded.users.staffId, bidderIds: seeded.users.bidderIds,
      startsAt: new Date(auction.start), endsAt: new Date(auction.end),
    });
    await t.ctx.store.append(lotStream(story.state.lotId), 'no_stream', toNewEvents(story.events, { user_id: 'system', source: 'audit-test' }));
    crafted.push({ id: story.state.lotId, shape });
  }
  const buyer = await createTestUser(t);
  await tellWalletStory(t, { staff, seller, buyer }, { email: 'first.ledger@whisky.test', firstName: 'Fiona', lastName: 'Ledger', voucher: 'House100' });
  await tellWalletStory(t, { staff, seller, buyer }, { email: 'second.ledger@whisky.test', firstName: 'Sandy', lastName: 'Ledger', voucher: 'House200' });
  await t.ctx.projections.settle();
}

const checked = (report: HouseReport, check: string) => report.results.find((r) => r.check === check)!.checked;
const differencesOf = (report: HouseReport) => report.results.flatMap((r) => r.differences.map((d) => [d.check, d.subject, d.field]));

test('a seeded house replays with zero differences in every check', async () => {
  const report = await verifyHouse(t.ctx);
  assert.equal(differencesOf(report), []);
  assert.is(report.differences, 0);
  assert.ok(checked(report, 'lot') >= 250, `lots replayed: ${checked(report, 'lot')}`);
  assert.ok(checked(report, 'chain') > 300, 'every stream chain walked');
  for (const check of ['wallet', 'order', 'seller-credit', 'hold']) assert.ok(checked(report, check) > 0, `${check} checked something`);
  const { rows: [bids] } = await sql<{ n: string }>`SELECT count(*) AS n FROM events WHERE type = 'BidPlaced'`.execute(t.ctx.db);
  assert.ok(Number(bids.n) > 300, `proxy battles: ${bids.n} bids`);
});

test('a corrupted read-model row is named by its lot and field', async () => {
  const tie = crafted.find((c) => c.shape === 'tie')!;
  await sql`UPDATE lots SET current_price_pence = current_price_pence + 500 WHERE id = ${tie.id}`.execute(t.ctx.db);
  try {
    const report = await verifyHouse(t.ctx);
    assert.equal(differencesOf(report), [['lot', tie.id, 'current_price']]);
  } finally {
    await sql`UPDATE lots SET current_price_pence = current_price_pence - 500 WHERE id = ${tie.id}`.execute(t.ctx.db);
  }
  assert.is((await verifyHouse(t.ctx)).differences, 0, 'restored');
});

test('an event changed behind the store (triggers off, as superuser) breaks its chain at that version', async () => {
  const extension = crafted.find((c) => c.shape === 'extension')!;
  const stream = lotStream(extension.id);
  const { rows: [target] } = await sql<{ stream_version: number }>`
    SELECT stream_version FROM events WHERE stream_id = ${stream} AND type = 'BidPlaced' ORDER BY stream_version LIMIT 1`.execute(t.ctx.db);
  await t.ctx.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE events SET data = jsonb_set(data, '{max_bid}', '9000') WHERE stream_id = ${stream} AND stream_version = ${target.stream_version}`.execute(trx);
  });
  const report = await verifyHouse(t.ctx);
  const chain = report.results.find((r) => r.check === 'chain')!.differences;
  assert.equal(chain.map((d) => [d.subject, d.field, d.found]), [[stream, `version ${target.stream_version}`, 'hash_mismatch']]);
  assert.ok(report.differences >= 1);
});

test.run();
