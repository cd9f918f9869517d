/**
 * Commit ticks: the ready batches of many lots commit together, and one lot's failure in a tick (a stale version,
 * an idempotency key taken elsewhere) leaves the others written and leaves nothing of its own behind.
 */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../testing/harness';
import { createTestUser, type TestUser } from '../testing/users';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import { CommitTicks, type TickItem } from './commit-tick';
import { KeysTaken, type IdempotencyRow } from './idempotency-store';
import { placeBid } from './place-bid';
import { isRefusal } from './bid-outcome';
import { lotWriters } from './lot-writers';
import { createAuction, createLot, HOUR, replayLot } from './testing';

let t: TestApp;
let bidders: TestUser[];

test.before(async () => {
  t = await startTestApp();
  bidders = await Promise.all([0, 1].map(() => createTestUser(t, { feePaid: true })));
});

test.after(async () => {
  await t.close();
});

const asUser = (u: TestUser) => ({ id: u.id, is_staff: false, session_id: randomUUID() });
const bid = (u: TestUser, lotId: string, pence: number) =>
  placeBid(t.ctx, asUser(u), { lotId, pence, idempotencyKey: randomUUID(), requestId: randomUUID() });

test('bids on 30 lots arriving together commit in a few transactions, each lot at its own next version', async () => {
  const auctionId = await createAuction(t.ctx, t.clock.now(), HOUR);
  const lots: string[] = [];
  for (let i = 0; i < 30; i++) lots.push((await createLot(t.ctx, t.clock.now(), { auctionId })).lotId);
  for (const lotId of lots) await bid(bidders[0], lotId, 1_000); // writers loaded, fee status known

  // The ticks in flight are held at the database (no event can be inserted) until every other bid waits for a tick,
  // so the batching is the same on any machine: left free, a loaded machine spreads the bids' arrival over several
  // ticks, and how many depended on its speed.
  const ticks = lotWriters(t.ctx).ticks;
  assert.ok(ticks, 'commit ticks are on by default');
  const inFlight = t.ctx.config.commitTicks;
  const { placing } = await t.ctx.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE events IN EXCLUSIVE MODE`.execute(trx);
    const placing = Promise.all(lots.map((lotId) => bid(bidders[1], lotId, 5_000)));
    for (const until = Date.now() + 30_000; ticks.queued < lots.length - inFlight;) {
      assert.ok(Date.now() < until, `${ticks.queued} bids wait for a tick, ${lots.length - inFlight} expected`);
      await new Promise((r) => setTimeout(r, 10));
    }
    // Wrapped, not returned as such: the transaction would await the bids, which wait for its lock.
    return { placing };
  });
  const answers = await placing;
  assert.ok(answers.every((a) => !isRefusal(a) && a.status === 201), 'every bid accepted');
  const { rows } = await sql<{ transactions: number; appended: number }>`
    SELECT count(DISTINCT transaction_id)::int AS transactions, count(*)::int AS appended FROM events
    WHERE stream_id = ANY(${lots.map((id) => `lot-${id}`)}::text[]) AND type = 'BidPlaced' AND metadata->>'user_id' = ${bidders[1].id}`.execute(t.ctx.db);
  assert.is(rows[0].appended, 30);
  // The ticks held in flight, one lot each, then every other lot in one.
  assert.is(rows[0].transactions, inFlight + 1, `30 lots' bids in ${rows[0].transactions} transactions, not one per lot`);
  for (const lotId of lots) {
    const { state, stored } = await replayLot(t.ctx, lotId);
    assert.is(state.leaderId, bidders[1].id);
    assert.equal(stored.map((e) => e.stream_version), stored.map((_, i) => i + 1), 'versions without gaps');
  }
  const { rows: keys } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM bid_idempotency WHERE user_id = ${bidders[1].id}`.execute(t.ctx.db);
  assert.is(keys[0].n, 30, 'each bid kept its answer in the same transaction as its events');
});

const keyRow = (userId: string, key: string, lotId: string): IdempotencyRow =>
  ({ userId, key, requestHash: `${lotId}:100`, lotId, status: 201, answer: { ok: true }, createdAt: new Date() });
const item = (expected: number, keys: IdempotencyRow[] = []): TickItem => {
  const lotId = randomUUID();
  return { lotId, streamId: `tick-${lotId}`, expected, keys, guard: [], events: [{ event_id: randomUUID(), type: 'Ticked', data: { n: 1 }, metadata: {} }] };
};
const outcome = (p: Promise<unknown>) => p.then((r) => ({ ok: r }), (error: unknown) => ({ error }));

test('in one tick a stale lot and a lot whose key was taken are left out, the rest commit, their keys are not kept', async () => {
  const ticks = new CommitTicks(t.ctx, 1);
  const userId = `tick-user-${randomUUID()}`; // keys only: no account needed
  const taken = `taken-${randomUUID()}`;
  await sql`INSERT INTO bid_idempotency (user_id, key, request_hash, lot_id, status, answer, created_at)
    VALUES (${userId}, ${taken}, 'x', 'x', 201, '{}'::jsonb, now())`.execute(t.ctx.db);
  const good = item(0, [keyRow(userId, `good-${randomUUID()}`, 'a')]);
  const stale = item(3, [keyRow(userId, `stale-${randomUUID()}`, 'b')]);
  const clash = item(0, [keyRow(userId, `free-${randomUUID()}`, 'c'), keyRow(userId, taken, 'c')]);
  const other = item(0);
  // The first call starts a tick alone; the next four wait for it and go together in the second.
  const first = outcome(ticks.append(item(0)));
  const results = await Promise.all([good, stale, clash, other].map((i) => outcome(ticks.append(i))));
  assert.ok('ok' in (await first));
  assert.ok('ok' in results[0] && 'ok' in results[3], 'the good lots commit');
  assert.instance((results[1] as { error: unknown }).error, WrongExpectedVersion);
  const keysTaken = (results[2] as { error: unknown }).error as KeysTaken;
  assert.instance(keysTaken, KeysTaken);
  assert.equal(keysTaken.keys, [{ userId, key: taken }]);

  const { rows: streams } = await sql<{ stream_id: string }>`
    SELECT stream_id FROM streams WHERE stream_id = ANY(${[good, stale, clash, other].map((i) => i.streamId)}::text[])`.execute(t.ctx.db);
  assert.equal(streams.map((s) => s.stream_id).sort(), [good.streamId, other.streamId].sort(), 'only the good lots were written');
  const { rows: keys } = await sql<{ key: string }>`SELECT key FROM bid_idempotency WHERE user_id = ${userId} AND key <> ${taken}`.execute(t.ctx.db);
  assert.equal(keys.map((k) => k.key), [good.keys[0].key], 'the left-out lots\' keys were taken back');
});

test('a key a concurrent transaction is inserting: the tick\'s one statement yields to it, and the lot is told its key was taken', async () => {
  const ticks = new CommitTicks(t.ctx, 1);
  const userId = `tick-user-${randomUUID()}`;
  const key = `racing-${randomUUID()}`;
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((r) => (inserted = r));
  // Another writer (another process, say) holds the key uncommitted: the tick's statement finds it free in its
  // snapshot, waits on the row, and fails with a unique violation when that writer commits (or, if the writer
  // commits first, sees it taken): either way the lot is left out with KeysTaken and nothing of it is written.
  const held = t.ctx.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO bid_idempotency (user_id, key, request_hash, lot_id, status, answer, created_at)
      VALUES (${userId}, ${key}, 'x', 'x', 201, '{}'::jsonb, now())`.execute(trx);
    inserted();
    await released;
  });
  await insertedYet;
  const racing = item(0, [keyRow(userId, key, 'r')]);
  const appended = outcome(ticks.append(racing));
  setTimeout(release, 200);
  await held;
  const result = (await appended) as { error: unknown };
  assert.instance(result.error, KeysTaken);
  assert.equal((result.error as KeysTaken).keys, [{ userId, key }]);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM streams WHERE stream_id = ${racing.streamId}`.execute(t.ctx.db);
  assert.is(rows[0].n, 0, 'the lot was not written');
});

test.run();
