/**
 * Two machines for real (docs/scale.md, "Two machines on a network"): two server nodes (`services/main.ts`, lot leases
 * on), each in its own network namespace on a test bridge, reach the one PostgreSQL and NATS through the network (TCP
 * forwarders on the root namespace's bridge address). Bids go through both; in the middle of the close node A's link
 * is cut (its veth down: no RST, packets vanish). Its leases pass to B within the documented time, no acknowledged bid
 * is lost, no event is appended under a stale lease (a trigger witnesses every lot append), every lot closes once,
 * and after the link comes back and A rejoins, the audit verifies clean. Not applicable (passes, saying so) where
 * network namespaces cannot be made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { spawnServer, type ServerProcess } from '../testing/server-process';
import { setClockOffset } from '../testing/file-clock';
import { createNetnsLab, netnsUnavailable, type NetnsLab } from '../testing/netns';
import { forwardTcp, type TcpForwarder } from '../testing/tcp-forwarder';
import { lotAppends, recordLotAppends } from '../testing/lot-append-log';
import { allProjections } from '../../projections/index';
import { verifyHouse } from '../audit/verify-house';
import { LEASE_TTL_MS } from './lot-leases';
import { HOLDER_PATH } from './lot-router';
import { MINUTE, createAuction, createLot, eventsOf, replayLot } from './testing';
import { BidTraffic, until } from './two-nodes-traffic';

const LOTS = 12;
/** Lots 0 (first held by A) and 6 (B) get a bid in the soft-close window: open during the cut, bids keep coming. */
const EXTENDED = [0, 6];
/** docs/scale.md: a vanished holder's heartbeat expires 3 s after its last beat (one beat a second), and the closing
 * pass (at most 1 s apart) takes a due lot whose holder does not answer its 1 s probe: within 6 s of the cut. */
const TAKEOVER_BOUND_MS = LEASE_TTL_MS + 3_000;
const INTERNAL_PORT = 3100;

const skip = netnsUnavailable();
let t: TestApp;
let lab: NetnsLab;
let dir: string;
let clockFile: string;
const forwarders: TcpForwarder[] = [];
const nodes: ServerProcess[] = [];
const traffic = new BidTraffic();
let alice: TestUser;
let bob: TestUser;

const setServerTime = (at: Date) => setClockOffset(clockFile, at.getTime() - Date.now());
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(t.ctx.db)).rows[0].n;
const closesOf = async (lotId: string) => eventsOf((await replayLot(t.ctx, lotId)).stored, 'LotClosed').length;

/** The nodes' sessions that are not idle (what a stalled takeover waits for). */
const busySessions = async () => JSON.stringify((await sql`SELECT application_name, state, wait_event, left(query, 100) AS query
  FROM pg_stat_activity WHERE application_name LIKE 'node-%' AND state <> 'idle'`.execute(t.ctx.db)).rows);

function cleanUp(): void {
  for (const node of nodes) node.kill9();
  lab?.destroy();
}

test.before(async () => {
  if (skip) return;
  t = await startTestApp({ workers: false, clock: new TestClock(new Date()) });
  await recordLotAppends(t.ctx.db);
  [alice, bob] = await Promise.all([createTestUser(t, { feePaid: true }), createTestUser(t, { feePaid: true })]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-netns-'));
  clockFile = path.join(dir, 'clock');
  setClockOffset(clockFile, 0);
  lab = createNetnsLab(['a', 'b']);
  process.once('exit', cleanUp); // a crash or a runner's timeout leaves no namespace behind
  const db = new URL(t.database.url);
  const nats = new URL(process.env.NATS_URL || 'nats://127.0.0.1:4222');
  const [pgForward, natsForward] = await Promise.all([
    forwardTcp(lab.hostAddress, { host: db.hostname, port: Number(db.port || 5432) }),
    forwardTcp(lab.hostAddress, { host: nats.hostname, port: Number(nats.port || 4222) }),
  ]);
  forwarders.push(pgForward, natsForward);
  const started = await Promise.allSettled(lab.nodes.map((node) => {
    const url = new URL(db);
    url.host = `${lab.hostAddress}:${pgForward.port}`;
    url.searchParams.set('application_name', `node-${node.name}`);
    return spawnServer({
      DATABASE_URL: url.toString(), NATS_URL: `nats://${lab.hostAddress}:${natsForward.port}`, LOT_LEASES: 'on',
      INTERNAL_HOST: node.address, INTERNAL_PORT: String(INTERNAL_PORT), TOKEN_SECRET: t.ctx.config.tokenSecret!,
      NODE_ENV: 'test', TEST_CLOCK_FILE: clockFile, DATA_DIR: dir, LOG_LEVEL: 'warn',
    }, 90_000, { prefix: lab.exec(node), host: node.address, port: 3000 });
  }));
  // A node that started is killed in after() even when the other did not start.
  for (const s of started) if (s.status === 'fulfilled') nodes.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
});

test.after(async () => {
  if (skip) return;
  await traffic.stop();
  cleanUp();
  await Promise.all(nodes.map((n) => n.stop()));
  await Promise.all(forwarders.map((f) => f.close()));
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a node cut off the network in the middle of the close', async () => {
  if (skip) {
    console.log(`two nodes in network namespaces: not applicable here, ${skip}`);
    return;
  }
  const [a, b] = nodes;
  const [nodeA] = lab.nodes;
  const holderOf = async (address: string) => (await fetch(`http://${address}:${INTERNAL_PORT}${HOLDER_PATH}`)).text();
  const [holderA, holderB] = await Promise.all(lab.nodes.map((n) => holderOf(n.address)));
  const leaseOf = async (lotId: string) =>
    (await sql<{ holder: string }>`SELECT holder FROM lot_leases WHERE lot_id = ${lotId}`.execute(t.ctx.db)).rows[0]?.holder;
  // Both nodes reached the database and NATS through the network, from their own addresses.
  for (const f of forwarders) for (const n of lab.nodes) assert.ok(f.peers.has(n.address), `${n.address} connected via ${f.port}`);

  const start = new Date();
  const end = new Date(start.getTime() + 6 * MINUTE);
  const auctionId = await createAuction(t.ctx, start, 6 * MINUTE);
  const lots = (await Promise.all(Array.from({ length: LOTS }, () => createLot(t.ctx, start, { auctionId, endsInMs: 6 * MINUTE }))))
    .map((l) => l.lotId);
  const aLots = lots.slice(0, LOTS / 2);

  // Five minutes before the end: the first half is taken by A, the rest by B; then bids through the other node
  // (forwarded over the network to the holder).
  setServerTime(new Date(end.getTime() - 5 * MINUTE));
  for (const [i, lotId] of lots.entries()) assert.is((await traffic.place(i < LOTS / 2 ? a : b, alice, lotId, 2_000)).status, 201);
  for (const [i, lotId] of lots.entries()) assert.is((await traffic.place(i < LOTS / 2 ? b : a, bob, lotId, 3_000)).status, 201);
  for (const [i, lotId] of lots.entries()) assert.is(await leaseOf(lotId), i < LOTS / 2 ? holderA : holderB, 'forwarded, not moved');
  setServerTime(new Date(end.getTime() - 30_000));
  for (const i of EXTENDED) assert.is((await traffic.place(b, alice, lots[i], 5_000)).status, 201);

  // The end: both schedulers close; bids keep coming on the open lots through both nodes. A is cut off as soon as
  // the first lot has closed.
  setServerTime(new Date(end.getTime() + 20));
  traffic.start([a, b], [alice, bob], EXTENDED.map((i) => lots[i]), 6_000);
  await until('a first close', async () => (await count(sql`SELECT count(*)::int AS n FROM events WHERE type = 'LotClosed'`)) > 0, 20_000);
  lab.cut(nodeA);
  traffic.avoid(a);
  const cutAt = Date.now();
  const aClosedBeforeCut = await count(sql`SELECT count(*)::int AS n FROM events WHERE type = 'LotClosed'
    AND stream_id = ANY(${aLots.map((l) => `lot-${l}`)}::text[])`);

  // Every lot A held has B as its writer (or A had closed it, which needs no writer any more), and every due lot is
  // closed, within the documented time.
  const state = async () => {
    const [holders, closes] = await Promise.all([Promise.all(aLots.map(leaseOf)), Promise.all(lots.map(closesOf))]);
    return { holders: holders.map((h) => (h === holderA ? 'A' : h === holderB ? 'B' : h)), closes };
  };
  await until('the takeover', async () => {
    const { holders, closes } = await state();
    return holders.every((h, i) => h === 'B' || closes[i] > 0) && closes.every((n, i) => n === 1 || EXTENDED.includes(i));
  }, TAKEOVER_BOUND_MS, async () => `${JSON.stringify(await state())}\nsessions: ${await busySessions()}\nB: ${b.output().slice(-3000)}`);
  const takeoverMs = Date.now() - cutAt;
  await traffic.stop();

  // The extended lots close at their ends, on B.
  const last = Math.max(...(await Promise.all(EXTENDED.map(async (i) => (await replayLot(t.ctx, lots[i])).state.endsAtMs))));
  setServerTime(new Date(last + 20));
  // A cap for a loaded machine (a browser file runs beside this one), like the other waits here, not a measured time.
  await until('the extended lots closed', async () => (await Promise.all(lots.map(closesOf))).every((n) => n === 1), 30_000,
    async () => `${JSON.stringify(await state())}\nB: ${b.output().slice(-3000)}`);

  // The link comes back: A rejoins (its heartbeat renews) and its requests stuck in the cut settle.
  lab.restore(nodeA);
  await until('A rejoined', async () => (await count(sql`SELECT count(*)::int AS n FROM lease_holders
    WHERE holder = ${holderA} AND expires_at > clock_timestamp()`)) === 1, 60_000);
  await traffic.settled();

  // No acknowledged bid lost; every lot closed once, not before its (extended) end.
  for (const [i, lotId] of lots.entries()) {
    const { stored, state } = await replayLot(t.ctx, lotId);
    const placed = new Set(eventsOf(stored, 'BidPlaced').map((e) => e.data.bid_id));
    for (const bidId of traffic.acked(lotId)) assert.ok(placed.has(bidId), `acknowledged bid ${bidId} on lot ${i} is in the stream`);
    const closes = eventsOf(stored, 'LotClosed');
    assert.is(closes.length, 1, `lot ${i} closed once`);
    assert.ok(Date.parse(closes[0].data.closed_at) >= state.endsAtMs, `lot ${i} closed at its end or after`);
  }
  // Fencing: every lot event a node appended was appended under that node's own current lease.
  const names = { 'node-a': holderA, 'node-b': holderB } as Record<string, string>;
  const appends = (await lotAppends(t.ctx.db)).filter((e) => e.writer in names);
  for (const e of appends) assert.is(e.holder, names[e.writer], `${e.stream_id} v${e.stream_version} by ${e.writer} under its lease`);
  const moved = aLots.filter((l) => appends.some((e) => e.stream_id === `lot-${l}` && e.writer === 'node-b' && e.holder === holderB));
  assert.ok(moved.length > 0, 'B wrote on lots A held before the cut');

  // The auction finishes once; both nodes' projections catch up; the audit replays the house without a difference.
  const finishes = async () => (await t.ctx.store.readStream(`auction-${auctionId}`)).filter((e) => e.type === 'AuctionFinished').length;
  await until('the auction finished', async () => (await finishes()) > 0, 20_000);
  const head = (await t.ctx.store.lastCommitted())!;
  const projections = allProjections.map((p) => p.name);
  await until('the projections caught up', async () => (await count(sql`SELECT count(*)::int AS n FROM projection_checkpoints
    WHERE name = ANY(${projections}::text[]) AND (transaction_id, position) >= (${head.transaction_id}::xid8, ${head.position}::bigint)`)) === projections.length, 30_000);
  assert.is(await finishes(), 1, 'the auction finished once');
  const report = await verifyHouse(t.ctx);
  assert.is(report.differences, 0, JSON.stringify(report.results.flatMap((r) => r.differences)));
  console.log(`two nodes, A cut off: ${traffic.ackedCount()} acknowledged bids; A had closed ${aClosedBeforeCut} of its lots; `
    + `${moved.length} moved to B; takeover in ${takeoverMs} ms`);
});

test.run();
