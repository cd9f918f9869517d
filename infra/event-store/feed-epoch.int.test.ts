import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { EventStore } from './event-store';
import { ensureFeedEpoch } from './feed-epoch';
import { FEED_START, type FeedCursor, type StoredEvent } from './types';

/**
 * What a restore into another cluster does to the feed, and the feed epoch that keeps it whole (feed-epoch.ts).
 * A restore copies events with the transaction ids of the cluster they were written in; here the copy is made by
 * inserting events whose ids are a million ahead of this cluster's, as a backup from a busier cluster would bring.
 */
const AHEAD = 1_000_000n;
const opened: { database: TestDatabase; db: Db }[] = [];

async function freshStore(): Promise<{ db: Db; store: EventStore; url: string }> {
  const database = await createTestDatabase();
  const db = createDb(database.url, 3);
  opened.push({ database, db });
  return { db, store: new EventStore(db), url: database.url };
}

/** Three events of one stream, as a restore writes them: with the transaction ids of the cluster they came from. */
async function restoreEventsFromAhead(db: Db): Promise<FeedCursor[]> {
  const { rows } = await sql<{ xid: string }>`SELECT pg_current_xact_id()::text AS xid`.execute(db);
  const first = BigInt(rows[0].xid) + AHEAD;
  const stream = `restored-${randomUUID()}`;
  const cursors: FeedCursor[] = [];
  for (let v = 1; v <= 3; v++) {
    const { rows: [row] } = await sql<{ position: number; transaction_id: string }>`
      INSERT INTO events (transaction_id, stream_id, stream_version, event_id, type, data, hash)
      VALUES (${(first + BigInt(v)).toString()}::xid8, ${stream}, ${v}, ${randomUUID()}::uuid, 'Noted', '{}', sha256('x'::bytea))
      RETURNING position, transaction_id::text`.execute(db);
    cursors.push({ transaction_id: row.transaction_id, position: Number(row.position) });
  }
  await sql`INSERT INTO streams (stream_id, version) VALUES (${stream}, 3)`.execute(db);
  return cursors;
}

/**
 * The feed from `from` once it shows `count` events (at most 5 s). Every database of the test server shares its
 * transaction ids, and another test file's transaction that ends between a read's snapshot and its look at
 * pg_stat_activity is one the horizon cannot place, so it holds the feed back for that moment, as it must
 * (feed-horizon.ts): the runner simply reads again, and so does this.
 */
async function feedShowing(store: EventStore, from: FeedCursor, count: number): Promise<StoredEvent[]> {
  const until = Date.now() + 5_000;
  for (;;) {
    const events = await store.readFeed(from);
    if (events.length >= count || Date.now() > until) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const note = () => [{ event_id: randomUUID(), type: 'Noted', data: {} }];
const ids = (events: { transaction_id: string; position: number }[]) => events.map((e) => `${e.transaction_id}:${e.position}`);
const idOf = (c: FeedCursor) => `${c.transaction_id}:${c.position}`;

test.after(async () => {
  for (const { db, database } of opened) {
    await db.destroy();
    await database.drop();
  }
});

test('without the epoch (a plain copy of the events): the restored history is invisible and new events sort before it', async () => {
  const { db, store } = await freshStore();
  const restored = await restoreEventsFromAhead(db);
  // The horizon is made of this cluster's running ids: every restored event is above it.
  const batch = await store.readFeedBatch(FEED_START);
  assert.equal(batch.events, [], 'no projection would see any restored event');
  assert.ok(BigInt(batch.head.transaction_id) < BigInt(restored[0].transaction_id), 'the head stays below the restored events');

  const fresh = await store.append(`new-${randomUUID()}`, 'no_stream', note());
  const added = fresh.events[0];
  assert.ok(BigInt(added.transaction_id) < BigInt(restored[0].transaction_id), 'a new event sorts before the restored history');
  assert.equal(ids(await feedShowing(store, FEED_START, 1)), [idOf(added)], 'a rebuild would apply it first, and alone');
  // A projection or follower whose checkpoint was restored at the end of the history never sees the new event.
  assert.equal(await store.readFeed(restored[2]), [], 'skipped by every restored checkpoint');
});

test('with the epoch raised: the restored history is below the horizon, new events after it, late writers still held', async () => {
  const { db, store, url } = await freshStore();
  const restored = await restoreEventsFromAhead(db);
  const epoch = await ensureFeedEpoch(db);
  assert.equal(epoch, { raised: true, offset: restored[2].transaction_id }, 'the offset is the highest restored id');
  assert.equal(ids(await feedShowing(store, FEED_START, 3)), restored.map(idOf), 'the whole history, in order');

  // A writer that takes its id first and commits last still holds the feed: no event after it is passed over.
  const late = new pg.Client({ connectionString: url });
  await late.connect();
  await late.query('BEGIN');
  const { rows: [held] } = await late.query(`INSERT INTO events (stream_id, stream_version, event_id, type, data, hash)
    VALUES ($1, 1, $2, 'Noted', '{}', sha256('late'::bytea)) RETURNING transaction_id::text, position`, [`late-${randomUUID()}`, randomUUID()]);
  const after = (await store.append(`new-${randomUUID()}`, 'no_stream', note())).events[0];
  assert.ok(BigInt(held.transaction_id) > BigInt(restored[2].transaction_id), 'new ids are above the restored ones');
  assert.ok(BigInt(after.transaction_id) > BigInt(held.transaction_id));
  assert.equal(await store.readFeed(restored[2]), [], 'held by the open writer');
  await late.query('COMMIT');
  await late.end();
  assert.equal(ids(await feedShowing(store, restored[2], 2)), [`${held.transaction_id}:${held.position}`, idOf(after)],
    'each once, in feed order, after the restored history');

  assert.equal(await ensureFeedEpoch(db), { raised: false, offset: epoch.offset }, 'checked again: nothing to change');
});

test('on a database in use the check changes nothing, also with writers open', async () => {
  const { db, store, url } = await freshStore();
  await store.append(`s-${randomUUID()}`, 'no_stream', note());
  const writer = new pg.Client({ connectionString: url });
  await writer.connect();
  await writer.query('BEGIN');
  await writer.query(`INSERT INTO events (stream_id, stream_version, event_id, type, data, hash)
    VALUES ($1, 1, $2, 'Noted', '{}', sha256('w'::bytea))`, [`w-${randomUUID()}`, randomUUID()]);
  try {
    assert.equal(await ensureFeedEpoch(db), { raised: false, offset: '0' });
    await store.append(`s-${randomUUID()}`, 'no_stream', note());
    assert.equal(await ensureFeedEpoch(db), { raised: false, offset: '0' });
  } finally {
    await writer.query('COMMIT');
    await writer.end();
  }
  assert.equal(await ensureFeedEpoch(db), { raised: false, offset: '0' }, 'after the late commit too');
});

test.run();
