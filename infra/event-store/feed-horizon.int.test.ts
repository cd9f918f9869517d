import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { EventStore } from './event-store';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { compareCursors, type AppendResult, type FeedCursor } from './types';

/**
 * The feed horizon (feed-horizon.ts) on a real server: transactions of another database and read-only transactions
 * of this one never hold the read models back; a writer of this database that commits late is never skipped.
 */
let database: TestDatabase;
let scratch: TestDatabase;
let db: Db;
let store: EventStore;
let runner: ProjectionRunner;
const WAIT_MS = 10_000;

/** Counts the events it applied, per stream, in the order it applied them. */
const seen: Projection = {
  name: 'test_seen',
  tables: ['test_seen'],
  eventTypes: ['Noted'],
  async apply(trx, event) {
    await sql`INSERT INTO test_seen (event_id, stream_id) VALUES (${event.event_id}::uuid, ${event.stream_id})`.execute(trx);
  },
};

const note = () => [{ event_id: randomUUID(), type: 'Noted', data: {} }];
const cursorOf = (append: AppendResult): FeedCursor => {
  const last = append.events[append.events.length - 1];
  return { transaction_id: last.transaction_id, position: last.position };
};
const applied = async (streamId: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_seen WHERE stream_id = ${streamId}`.execute(db)).rows[0].n;

/**
 * Whether the feed's head reaches `cursor` within a few seconds. A transaction of another test file that ends between a
 * read's snapshot and its look at pg_stat_activity cannot be placed, so it holds the head for that moment (as it must:
 * feed-horizon.ts); a head held for good, what these tests are about, never gets there.
 */
async function headReaches(cursor: FeedCursor): Promise<boolean> {
  const until = Date.now() + 5_000;
  for (;;) {
    if (compareCursors(await store.feedHead(), cursor) >= 0) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A client of its own with an open transaction (BEGIN plus `statement`), for the test to end. */
async function openTransaction(url: string, statement: string): Promise<{ client: pg.Client; rows: Record<string, string>[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  const { rows } = await client.query(statement);
  return { client, rows };
}

async function endTransaction(client: pg.Client, how: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await client.query(how);
  await client.end();
}

test.before(async () => {
  database = await createTestDatabase();
  scratch = await createTestDatabase();
  db = createDb(database.url, 5);
  store = new EventStore(db);
  await sql`CREATE TABLE test_seen (event_id uuid PRIMARY KEY, stream_id text NOT NULL, n bigint GENERATED ALWAYS AS IDENTITY)`.execute(db);
  runner = new ProjectionRunner(db, store, [seen], { error: () => {} }, { pollMs: 50 });
  runner.start();
});

test.after(async () => {
  await runner.stop();
  await db.destroy();
  await database.drop();
  await scratch.drop();
});

test('a transaction with an xid left open in another database does not hold the read models back', async () => {
  const other = await openTransaction(scratch.url, 'SELECT pg_current_xact_id()::text AS xid');
  try {
    const otherXid = BigInt(other.rows[0].xid);
    const append = await store.append(`s-${randomUUID()}`, 'no_stream', note());
    // The old horizon (the cluster-wide xmin) would stop at or below the other database's transaction.
    const { rows } = await sql<{ xmin: string }>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`.execute(db);
    assert.ok(BigInt(rows[0].xmin) <= otherXid, 'the cluster-wide xmin is held by the other database');
    assert.ok(BigInt(append.events[0].transaction_id) > otherXid);

    assert.ok(await headReaches(cursorOf(append)), 'the head is past the append');
    await runner.waitFor(cursorOf(append), WAIT_MS);
    assert.is(await applied(append.stream_id), 1);
  } finally {
    await endTransaction(other.client, 'ROLLBACK');
  }
});

test('a long read-only transaction in the same database does not hold the read models back', async () => {
  const reader = await openTransaction(database.url, 'SELECT count(*)::text AS n FROM events');
  try {
    const { rows } = await reader.client.query('SELECT pg_current_xact_id_if_assigned() AS xid');
    assert.is(rows[0].xid, null, 'a reader never takes a transaction id');
    const append = await store.append(`s-${randomUUID()}`, 'no_stream', note());
    assert.ok(await headReaches(cursorOf(append)), 'the head is past the append');
    await runner.waitFor(cursorOf(append), WAIT_MS);
    assert.is(await applied(append.stream_id), 1);
  } finally {
    await endTransaction(reader.client, 'COMMIT');
  }
});

test('a writer of the same database that commits late holds the feed, and its events are applied once it commits', async () => {
  const lateStream = `late-${randomUUID()}`;
  const late = await openTransaction(database.url, `SELECT pg_current_xact_id()::text AS xid`);
  let committed = false;
  try {
    await late.client.query(`INSERT INTO streams (stream_id, version) VALUES ($1, 1)`, [lateStream]);
    await late.client.query(`INSERT INTO events (stream_id, stream_version, event_id, type, data, hash)
      VALUES ($1, 1, $2, 'Noted', '{}', sha256('late'::bytea))`, [lateStream, randomUUID()]);
    const after = await store.append(`s-${randomUUID()}`, 'no_stream', note());

    await runner.catchUp();
    assert.ok(compareCursors(await store.feedHead(), cursorOf(after)) < 0, 'the head waits at the open writer');
    assert.is(await applied(after.stream_id), 0, 'nothing after the open writer is applied');

    await endTransaction(late.client, 'COMMIT');
    committed = true;
    await runner.waitFor(cursorOf(after), WAIT_MS);
    const { rows } = await sql<{ stream_id: string }>`
      SELECT stream_id FROM test_seen WHERE stream_id IN (${lateStream}, ${after.stream_id}) ORDER BY n`.execute(db);
    assert.equal(rows.map((r) => r.stream_id), [lateStream, after.stream_id], 'the late event first, in feed order, once each');
  } finally {
    if (!committed) await endTransaction(late.client, 'ROLLBACK');
  }
});

test.run();
