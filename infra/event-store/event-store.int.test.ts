import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { EventStore } from './event-store';
import { rejects } from "../../services/testing/rejects";
import { FEED_START, GuardStreamsExist, WrongExpectedVersion, type FeedCursor, type StoredEvent } from './types';

let database: TestDatabase;
let db: Db;
let store: EventStore;

const event = (type = 'ThingHappened', data: unknown = { n: 1 }) => ({ event_id: randomUUID(), type, data, metadata: { user_id: 'u1', request_id: 'r1' } });
const stream = () => `thing-${randomUUID()}`;

async function drainFeed(from: FeedCursor): Promise<{ events: StoredEvent[]; cursor: FeedCursor }> {
  const events: StoredEvent[] = [];
  let cursor = from;
  for (;;) {
    const batch = await store.readFeed(cursor, 100);
    if (batch.length === 0) return { events, cursor };
    events.push(...batch);
    const last = batch[batch.length - 1];
    cursor = { transaction_id: last.transaction_id, position: last.position };
  }
}

/** Another writer of this database (a runner batch) may hold the feed back for a moment, so poll. */
async function drainUntil(from: FeedCursor, count: number): Promise<{ events: StoredEvent[]; cursor: FeedCursor }> {
  const events: StoredEvent[] = [];
  let cursor = from;
  for (let tries = 0; events.length < count && tries < 200; tries++) {
    const next = await drainFeed(cursor);
    events.push(...next.events);
    cursor = next.cursor;
    if (events.length < count) await new Promise((r) => setTimeout(r, 25));
  }
  return { events, cursor };
}

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 10);
  store = new EventStore(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('appends to a new stream and reads it back in order with metadata', async () => {
  const id = stream();
  const result = await store.append(id, 'no_stream', [event('A'), event('B')]);
  assert.is(result.version, 2);
  assert.is(result.duplicate, false);
  const read = await store.readStream(id);
  assert.equal(read.map((e) => [e.type, e.stream_version]), [['A', 1], ['B', 2]]);
  assert.equal(read[0].metadata, { user_id: 'u1', request_id: 'r1' });
  assert.ok(read[0].position < read[1].position);
});

test('a wrong expected version is a typed conflict and writes nothing', async () => {
  const id = stream();
  await store.append(id, 'no_stream', [event()]);
  try {
    await store.append(id, 'no_stream', [event()]);
    assert.unreachable('should conflict');
  } catch (error) {
    assert.instance(error, WrongExpectedVersion);
    assert.is((error as WrongExpectedVersion).actual, 1);
  }
  await rejects(() => store.append(id, 5, [event()]));
  assert.is((await store.readStream(id)).length, 1);
  const ok = await store.append(id, 1, [event()]);
  assert.is(ok.version, 2);
});

test('an append guarded by streams that must not exist writes nothing and names the ones that do', async () => {
  const id = stream();
  const [absent, present] = [stream(), stream()];
  await store.append(present, 'no_stream', [event()]);
  await store.append(id, 'no_stream', [event()], undefined, { unlessStreamsExist: [absent] });
  const refused = await rejects(() => store.append(id, 1, [event()], undefined, { unlessStreamsExist: [absent, present] }), GuardStreamsExist);
  assert.equal((refused as GuardStreamsExist).streamIds, [present]);
  const fresh = stream();
  await rejects(() => store.append(fresh, 'no_stream', [event()], undefined, { unlessStreamsExist: [present] }), GuardStreamsExist);
  assert.is((await store.readStream(fresh)).length, 0, 'a new stream is not created either');
  assert.is((await store.readStream(id)).length, 1);
  await rejects(() => store.append(id, 7, [event()], undefined, { unlessStreamsExist: [absent] }), WrongExpectedVersion);
});

test('of concurrent appends at the same expected version exactly one wins', async () => {
  const id = stream();
  await store.append(id, 'no_stream', [event()]);
  const attempts = await Promise.allSettled(Array.from({ length: 10 }, () => store.append(id, 1, [event()])));
  assert.is(attempts.filter((a) => a.status === 'fulfilled').length, 1);
  assert.ok(attempts.filter((a) => a.status === 'rejected').every((a) => (a as PromiseRejectedResult).reason instanceof WrongExpectedVersion));
  assert.is((await store.readStream(id)).length, 2);
});

test('a retried append with the same event ids returns the first result and writes nothing', async () => {
  const id = stream();
  const events = [event('A'), event('B')];
  const first = await store.append(id, 'no_stream', events);
  const retry = await store.append(id, 'no_stream', events);
  assert.is(retry.duplicate, true);
  assert.equal(retry.events.map((e) => e.position), first.events.map((e) => e.position));
  assert.is(retry.version, 2);
  const anyRetry = await store.append(id, 'any', events);
  assert.is(anyRetry.duplicate, true);
  assert.is((await store.readStream(id)).length, 2);
});

test('the feed never passes an event whose transaction commits late, and delivers it once committed', async () => {
  const { cursor: start } = await drainUntil(FEED_START, (await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(db)).rows[0].n);
  const late = event('Late');
  let releaseHeld!: () => void;
  let heldAppended!: () => void;
  const appendedInHeld = new Promise<void>((r) => (heldAppended = r));
  const held = db.transaction().execute(async (trx) => {
    await store.append(stream(), 'no_stream', [late], trx);
    heldAppended();
    await new Promise<void>((r) => (releaseHeld = r));
  });
  await appendedInHeld;
  const early = [event('After1'), event('After2')];
  await store.append(stream(), 'no_stream', [early[0]]);
  await store.append(stream(), 'no_stream', [early[1]]);

  const whileHeld = await drainFeed(start);
  assert.equal(whileHeld.events.map((e) => e.type), [], 'the subscriber waits at the open transaction');

  releaseHeld();
  await held;
  const after = await drainUntil(whileHeld.cursor, 3);
  assert.equal(after.events.map((e) => e.type), ['Late', 'After1', 'After2']);
  const again = await drainFeed(after.cursor);
  assert.is(again.events.length, 0, 'nothing is delivered twice');
});

test('the feed orders transaction ids as numbers, not text (999 before 1000, 99 before 100), even one event at a time', async () => {
  // Rows written with chosen (old, finished) transaction ids, to pin the order across a digit boundary: the highest
  // power of ten safely below the server's current id (999/1000 on a used server, 99/100 on one just initialised,
  // where 1000 would still lie in the future and the feed rightly would not deliver it).
  const { rows: [{ now }] } = await sql<{ now: string }>`SELECT pg_current_xact_id()::text AS now`.execute(db);
  let boundary = 10n;
  while (boundary * 10n + 10n < BigInt(now)) boundary *= 10n;
  const [first, second] = [String(boundary - 1n), String(boundary)];
  const id = `order-${randomUUID()}`;
  // Another stream's events at the same ids stand for the real transactions that may have had them.
  const other = `other-${randomUUID()}`;
  await sql`INSERT INTO streams (stream_id, version) VALUES (${id}, 2), (${other}, 2)`.execute(db);
  await sql`INSERT INTO events (transaction_id, stream_id, stream_version, event_id, type, data, hash)
    VALUES (${second}::xid8, ${id}, 2, ${randomUUID()}::uuid, 'Second', '{}'::jsonb, sha256('not chained'::bytea)),
           (${first}::xid8, ${other}, 1, ${randomUUID()}::uuid, 'Other', '{}'::jsonb, sha256('not chained'::bytea)),
           (${first}::xid8, ${id}, 1, ${randomUUID()}::uuid, 'First', '{}'::jsonb, sha256('not chained'::bytea)),
           (${second}::xid8, ${other}, 2, ${randomUUID()}::uuid, 'Other', '{}'::jsonb, sha256('not chained'::bytea))`.execute(db);
  // Real transactions of this cluster may have had those ids too (a fresh embedded server's counter is low, and every
  // test database shares it; seen once in a whole run): other streams' events are passed over, ours come First, then
  // Second.
  const seen: string[] = [];
  let cursor: FeedCursor = { transaction_id: String(boundary - 2n), position: Number.MAX_SAFE_INTEGER };
  for (let i = 0; i < 1_000; i++) {
    const [next] = await store.readFeed(cursor, 1);
    if (!next || BigInt(next.transaction_id) > boundary) break;
    if (next.stream_id === id) seen.push(next.type);
    cursor = { transaction_id: next.transaction_id, position: next.position };
  }
  assert.equal(seen, ['First', 'Second']);
});

test('the newest committed event is the highest id as a number, not as text (what a settle waits for)', async () => {
  // An event at an old, finished id just below a power of ten ("99999" sorts after "104383" as text), then an append.
  const { rows: [{ now }] } = await sql<{ now: string }>`SELECT pg_current_xact_id()::text AS now`.execute(db);
  let boundary = 10n;
  while (boundary * 10n + 10n < BigInt(now)) boundary *= 10n;
  const old = `old-${randomUUID()}`;
  await sql`INSERT INTO streams (stream_id, version) VALUES (${old}, 1)`.execute(db);
  await sql`INSERT INTO events (transaction_id, stream_id, stream_version, event_id, type, data, hash)
    VALUES (${String(boundary - 1n)}::xid8, ${old}, 1, ${randomUUID()}::uuid, 'Old', '{}'::jsonb, sha256('not chained'::bytea))`.execute(db);
  const { events: [newest] } = await store.append(stream(), 'no_stream', [event()]);
  assert.equal(await store.lastCommitted(), { transaction_id: newest.transaction_id, position: newest.position });
});

test('the database itself refuses UPDATE, DELETE and TRUNCATE on events', async () => {
  const id = stream();
  await store.append(id, 'no_stream', [event()]);
  await rejects(() => sql`UPDATE events SET type = 'Changed' WHERE stream_id = ${id}`.execute(db), /append-only/);
  await rejects(() => sql`DELETE FROM events WHERE stream_id = ${id}`.execute(db), /append-only/);
  await rejects(() => sql`TRUNCATE events`.execute(db), /append-only/);
  assert.is((await store.readStream(id))[0].type, 'ThingHappened');
});

test.run();
