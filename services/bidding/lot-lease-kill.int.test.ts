/**
 * The fault test of docs/scale.md: two real server processes (`services/main.ts`, lot leases on) on one database,
 * bids through both, kill -9 of one while the lots are closing. No acknowledged bid is lost, the dead process's lots
 * get a new writer within 5 seconds, every lot closes exactly once at its (possibly extended) end, and the read models
 * the survivor keeps equal a full rebuild. Time is moved for both processes at once through TEST_CLOCK_FILE.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, TestClock, type TestApp } from '../testing/harness';
import { bearer, createTestUser, type TestUser } from '../testing/users';
import { spawnServer, type ServerProcess } from '../testing/server-process';
import { setClockOffset } from '../testing/file-clock';
import { allProjections } from '../../projections/index';
import { rebuildAndCompare } from '../../projections/rebuild';
import { MINUTE, createAuction, createLot, eventsOf, replayLot } from './testing';

const LOTS = 16;
/** Lots 0-1 (first held by P1) and 8-9 (P2) get a bid in the soft-close window: they run three minutes longer. */
const EXTENDED = [0, 1, 8, 9];

let t: TestApp;
let dir: string;
let clockFile: string;
let offset = 0;
let p1: ServerProcess;
let p2: ServerProcess;
let alice: TestUser;
let bob: TestUser;
/** The background bid traffic runs while this is set (cleared by after() too, should the test fail). */
let bidding = false;

const setServerTime = (at: Date) => { offset = at.getTime() - Date.now(); setClockOffset(clockFile, offset); };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.before(async () => {
  // Real time: the servers check the users' tokens against their own (moved) clocks; 15 minutes is plenty.
  t = await startTestApp({ workers: false, clock: new TestClock(new Date()) });
  alice = await createTestUser(t, { feePaid: true });
  bob = await createTestUser(t, { feePaid: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-kill-'));
  clockFile = path.join(dir, 'clock');
  setClockOffset(clockFile, 0);
  const env = {
    DATABASE_URL: t.database.url, TOKEN_SECRET: t.ctx.config.tokenSecret!, LOT_LEASES: 'on', NODE_ENV: 'test',
    TEST_CLOCK_FILE: clockFile, DATA_DIR: dir, LOG_LEVEL: 'warn',
  };
  [p1, p2] = await Promise.all([spawnServer(env), spawnServer(env)]);
});

test.after(async () => {
  bidding = false;
  p1?.kill9();
  await p2?.stop();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Acked { lotId: string; bidId: string; pence: number }

async function bid(server: ServerProcess, user: TestUser, lotId: string, pence: number): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/api/bids/`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...bearer(user) }, body: JSON.stringify({ bid: String(pence / 100), lot: lotId }),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const holderOf = async (lotId: string) =>
  (await sql<{ holder: string }>`SELECT holder FROM lot_leases WHERE lot_id = ${lotId}`.execute(t.ctx.db)).rows[0]?.holder;

test('kill -9 of a server process in the middle of the close', async () => {
  // One instant for every end: each lot must end exactly at `end` (the checks below compare to the millisecond).
  const start = new Date();
  const end = new Date(start.getTime() + 6 * MINUTE);
  const auctionId = await createAuction(t.ctx, start, 6 * MINUTE);
  const lots = (await Promise.all(Array.from({ length: LOTS }, () => createLot(t.ctx, start, { auctionId, endsInMs: 6 * MINUTE }))))
    .map((l) => l.lotId);
  const acked: Acked[] = [];
  const place = async (server: ServerProcess, user: TestUser, lotId: string, pence: number) => {
    const answer = await bid(server, user, lotId, pence);
    if (answer.status === 201) acked.push({ lotId, bidId: answer.body.bid_id, pence });
    return answer;
  };

  // Five minutes before the end (no soft close yet): the first half of the lots is taken by P1, the rest by P2;
  // then bids through the other process (forwarded to the holder).
  setServerTime(new Date(end.getTime() - 5 * MINUTE));
  for (const [i, lotId] of lots.entries()) assert.is((await place(i < LOTS / 2 ? p1 : p2, alice, lotId, 2_000)).status, 201);
  const p1Holder = await holderOf(lots[0]);
  const p2Holder = await holderOf(lots[LOTS - 1]);
  assert.ok(p1Holder && p2Holder && p1Holder !== p2Holder);
  for (const [i, lotId] of lots.entries()) assert.is((await place(i < LOTS / 2 ? p2 : p1, bob, lotId, 3_000)).status, 201);
  for (const [i, lotId] of lots.entries()) assert.is(await holderOf(lotId), i < LOTS / 2 ? p1Holder : p2Holder, 'forwarded, not moved');

  // Thirty seconds before the end: bids on the extended lots push their ends three minutes on.
  setServerTime(new Date(end.getTime() - 30_000));
  for (const i of EXTENDED) assert.is((await place(p2, alice, lots[i], 5_000)).status, 201);

  // The end: both schedulers close the due lots; bids keep coming on the extended ones through both processes.
  setServerTime(new Date(end.getTime() + 20));
  bidding = true;
  let p1Dead = false;
  let pence = 6_000;
  const stopAt = Date.now() + 60_000;
  const traffic = (async () => {
    for (let n = 0; bidding && Date.now() < stopAt; n++) {
      const server = p1Dead || n % 2 === 0 ? p2 : p1;
      pence += 100;
      await place(server, n % 4 < 2 ? alice : bob, lots[EXTENDED[n % EXTENDED.length]], pence).catch(() => undefined);
    }
  })();
  // Kill P1 as soon as the first lot has closed.
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'LotClosed'`.execute(t.ctx.db);
    if (rows[0].n > 0) break;
    await sleep(10);
  }
  p1.kill9();
  p1Dead = true;
  const killedAt = Date.now();

  // Every lot P1 held gets a new writer within 5 seconds: the due ones closed by P2, the open ones taking P2's bids.
  // A lot P1 itself closed before it died needs no writer any more (closed is final): it may keep P1's lease row.
  const p1Lots = lots.slice(0, LOTS / 2);
  const isClosed = async (lotId: string) => eventsOf((await replayLot(t.ctx, lotId)).stored, 'LotClosed').length > 0;
  let p1ClosedBeforeDeath: number | undefined;
  for (;;) {
    const holders = await Promise.all(p1Lots.map(holderOf));
    const p1LotsClosed = await Promise.all(p1Lots.map(isClosed));
    const closed = await Promise.all(lots.filter((_, i) => !EXTENDED.includes(i)).map(async (l) => eventsOf((await replayLot(t.ctx, l)).stored, 'LotClosed').length));
    if (holders.every((h, i) => h === p2Holder || p1LotsClosed[i]) && closed.every((n) => n === 1)) break;
    p1ClosedBeforeDeath ??= (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'LotClosed'
      AND stream_id = ANY(${p1Lots.map((l) => `lot-${l}`)}::text[])`.execute(t.ctx.db)).rows[0].n;
    assert.ok(Date.now() - killedAt < 5_000, `new writer within 5 s: holders ${JSON.stringify(holders)}, closes ${closed}\n${p2.output()}`);
    await sleep(50);
  }
  const takeoverMs = Date.now() - killedAt;
  await sleep(500);
  bidding = false;
  await traffic;

  // After the extended ends: P2 closes those too.
  const last = Math.max(...(await Promise.all(EXTENDED.map(async (i) => (await replayLot(t.ctx, lots[i])).state.endsAtMs))));
  setServerTime(new Date(last + 20));
  const closedAll = Date.now();
  for (;;) {
    const counts = await Promise.all(lots.map(async (l) => eventsOf((await replayLot(t.ctx, l)).stored, 'LotClosed').length));
    if (counts.every((n) => n === 1)) break;
    assert.ok(Date.now() - closedAll < 5_000, `extended lots closed: ${counts}`);
    await sleep(50);
  }
  await sleep(1_500);

  // No acknowledged bid lost; every lot closed exactly once, not before its (extended) end and within 5 s of it.
  for (const [i, lotId] of lots.entries()) {
    const { stored, state } = await replayLot(t.ctx, lotId);
    const placed = new Set(eventsOf(stored, 'BidPlaced').map((e) => e.data.bid_id));
    for (const a of acked.filter((x) => x.lotId === lotId)) assert.ok(placed.has(a.bidId), `acknowledged bid ${a.bidId} on lot ${i} is in the stream`);
    const closes = eventsOf(stored, 'LotClosed');
    assert.is(closes.length, 1, `lot ${i} closed once`);
    const finalEnd = state.endsAtMs;
    const closedAt = Date.parse(closes[0].data.closed_at);
    assert.ok(closedAt >= finalEnd && closedAt - finalEnd < 5_000, `lot ${i}: closed at ${closes[0].data.closed_at}, end ${new Date(finalEnd).toISOString()}`);
    if (EXTENDED.includes(i)) assert.ok(finalEnd > end.getTime(), `lot ${i} kept its extension`);
    else assert.is(finalEnd, end.getTime(), `lot ${i} was not extended`);
  }
  // The auction finishes once its read model shows every lot closed (the survivor's projections may lag a little).
  const finishes = async () => (await t.ctx.store.readStream(`auction-${auctionId}`)).filter((e) => e.type === 'AuctionFinished').length;
  for (const started = Date.now(); (await finishes()) === 0; await sleep(100)) {
    assert.ok(Date.now() - started < 20_000, 'the auction finished');
  }
  await sleep(1_000);
  assert.is(await finishes(), 1, 'the auction finished once');

  // The survivor's read models catch up and equal a rebuild from the events.
  const head = (await t.ctx.store.lastCommitted())!;
  const names = allProjections.map((p) => p.name);
  for (const started = Date.now(); ;) {
    const { rows: [{ n }] } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM projection_checkpoints
      WHERE name = ANY(${names}::text[]) AND (transaction_id, position) >= (${head.transaction_id}::xid8, ${head.position}::bigint)`.execute(t.ctx.db);
    if (n === names.length) break;
    assert.ok(Date.now() - started < 20_000, 'the survivor\'s projections caught up');
    await sleep(100);
  }
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(t.ctx.db, projection);
    for (const table of report.tables) assert.ok(table.equal, `${projection.name}.${table.table} equals its rebuild`);
  }
  console.log(`kill -9: ${acked.length} acknowledged bids; P1 had closed ${p1ClosedBeforeDeath ?? '?'} of its lots; new writer for all in ${takeoverMs} ms`);
});

test.run();
