import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../services/testing/harness';
import { createDb, type Db } from '../infra/db/database';
import { EventStore } from '../infra/event-store/event-store';
import type { Projection } from './projection';
import { ProjectionRunner, applyEvents } from './runner';
import { rebuildAndCompare, tableHash } from './rebuild';

let database: TestDatabase;
let db: Db;
let store: EventStore;
const silent = { error: () => {} };

/** Keeps the latest total per stream (idempotent), and logs every application (to catch double delivery). */
const totals: Projection = {
  name: 'test_totals',
  tables: ['test_totals'],
  eventTypes: ['Added'],
  async apply(trx, event) {
    const data = event.data as { total: number };
    await sql`INSERT INTO test_totals (stream_id, total, version) VALUES (${event.stream_id}, ${data.total}, ${event.stream_version})
      ON CONFLICT (stream_id) DO UPDATE SET total = EXCLUDED.total, version = EXCLUDED.version
      WHERE test_totals.version < EXCLUDED.version`.execute(trx);
    await sql`INSERT INTO test_applications (event_id) VALUES (${event.event_id}::uuid)`.execute(trx);
  },
};

async function addEvents(streamId: string, totalsToWrite: number[]) {
  let version = (await store.readStream(streamId)).length;
  for (const total of totalsToWrite) {
    await store.append(streamId, version === 0 ? 'no_stream' : version, [{ event_id: randomUUID(), type: 'Added', data: { total } }]);
    version++;
  }
}

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 10);
  store = new EventStore(db);
  await sql`CREATE TABLE test_totals (stream_id text PRIMARY KEY, total int NOT NULL, version int NOT NULL)`.execute(db);
  await sql`CREATE TABLE test_applications (event_id uuid PRIMARY KEY)`.execute(db);
  await sql`CREATE TABLE test_counts (event_id uuid PRIMARY KEY)`.execute(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('applies events with their checkpoint and waitFor resolves once the event is applied', async () => {
  const runner = new ProjectionRunner(db, store, [totals], silent);
  await addEvents('s-1', [5, 7]);
  const appended = await store.append('s-2', 'no_stream', [{ event_id: randomUUID(), type: 'Added', data: { total: 3 } }]);
  const last = appended.events[0];
  // Started, the runner polls: another writer of this database may delay visibility for a moment.
  runner.start();
  await runner.waitFor({ transaction_id: last.transaction_id, position: last.position });
  await runner.stop();
  const rows = await sql<{ stream_id: string; total: number }>`SELECT stream_id, total FROM test_totals ORDER BY stream_id`.execute(db);
  assert.equal(rows.rows, [{ stream_id: 's-1', total: 7 }, { stream_id: 's-2', total: 3 }]);
  const cp = await sql<{ position: number }>`SELECT position FROM projection_checkpoints WHERE name = 'test_totals'`.execute(db);
  assert.is(cp.rows[0].position, last.position);
});

test('applying the same events twice changes nothing in the read model', async () => {
  const before = await tableHash(db, 'public', 'test_totals');
  const events = await store.readStream('s-1');
  const idempotentPart: Projection = { ...totals, apply: async (trx, e) => {
    const data = e.data as { total: number };
    await sql`INSERT INTO test_totals (stream_id, total, version) VALUES (${e.stream_id}, ${data.total}, ${e.stream_version})
      ON CONFLICT (stream_id) DO UPDATE SET total = EXCLUDED.total, version = EXCLUDED.version
      WHERE test_totals.version < EXCLUDED.version`.execute(trx);
  } };
  await db.transaction().execute((trx) => applyEvents(trx, idempotentPart, events));
  assert.is((await tableHash(db, 'public', 'test_totals')).hash, before.hash);
});

test('two runners on one database apply every event exactly once', async () => {
  const a = new ProjectionRunner(db, store, [totals], silent);
  const b = new ProjectionRunner(db, store, [totals], silent);
  const streams = Array.from({ length: 8 }, (_, i) => `par-${i}`);
  await Promise.all(streams.map((s, i) => addEvents(s, [i, i + 1, i + 2])));
  const last = (await store.lastCommitted())!;
  a.start();
  b.start();
  await Promise.all([a.waitFor(last), b.waitFor(last), a.catchUp(), b.catchUp()]);
  await Promise.all([a.stop(), b.stop()]);
  const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_applications`.execute(db);
  const all = await sql<{ n: number }>`SELECT count(*)::int AS n FROM events WHERE type = 'Added'`.execute(db);
  assert.is(applied.rows[0].n, all.rows[0].n);
  const row = await sql<{ total: number }>`SELECT total FROM test_totals WHERE stream_id = 'par-7'`.execute(db);
  assert.is(row.rows[0].total, 9);
});

test('a rebuild from the events into fresh tables equals the live tables, and notices a drift', async () => {
  const idempotentOnly: Projection = { ...totals, tables: ['test_totals'] };
  // The rebuild replays into a scratch schema; the applications log must exist there too.
  const report = await rebuildAndCompare(db, { ...idempotentOnly, tables: ['test_totals', 'test_applications'] });
  assert.ok(report.events > 0);
  assert.ok(report.tables.every((t) => t.equal), JSON.stringify(report.tables));
  await sql`UPDATE test_totals SET total = total + 1 WHERE stream_id = 's-1'`.execute(db);
  const drifted = await rebuildAndCompare(db, { ...idempotentOnly, tables: ['test_totals', 'test_applications'] });
  assert.is(drifted.tables.find((t) => t.table === 'test_totals')!.equal, false);
});


/** A pool of its own whose transactions are counted. */
function countingDb(): { db: Db; transactions: () => number } {
  const counted = createDb(database.url, 2);
  const open = counted.transaction.bind(counted);
  let transactions = 0;
  counted.transaction = () => {
    transactions += 1;
    return open();
  };
  return { db: counted, transactions: () => transactions };
}

test('given a projection that reads none of the new events, when a pass runs, then only the reading one opens a transaction and the other\'s checkpoint moves past the events', async () => {
  const bystander: Projection = { name: 'test_bystander', tables: [], eventTypes: ['Removed'], apply: async () => { throw new Error('never called'); } };
  const runner = new ProjectionRunner(db, store, [totals, bystander], silent);
  await runner.catchUp();
  const counted = countingDb();
  const watched = new ProjectionRunner(counted.db, store, [totals, bystander], silent);
  const appended = await store.append(`s-${randomUUID()}`, 'no_stream', [{ event_id: randomUUID(), type: 'Added', data: { total: 1 } }]);
  await watched.catchUp();
  const [event] = appended.events;
  const cursor = { transaction_id: event.transaction_id, position: event.position };
  // The reader applies the event in one batch transaction (short of full: nothing more to read); the bystander opens none.
  assert.is(counted.transactions(), 1);
  const { rows } = await sql<{ name: string; transaction_id: string; position: string }>`
    SELECT name, transaction_id::text, position FROM projection_checkpoints WHERE name IN ('test_totals', 'test_bystander') ORDER BY name`.execute(db);
  assert.equal(rows.map((r) => [r.name, r.transaction_id, Number(r.position)]), [['test_bystander', cursor.transaction_id, cursor.position], ['test_totals', cursor.transaction_id, cursor.position]]);
  assert.ok(watched.reached(cursor));
  await counted.db.destroy();
});

/** A second reader of the same events (its own table), to see two readers share a pass. */
const counts: Projection = {
  name: 'test_counts',
  tables: ['test_counts'],
  eventTypes: ['Added'],
  async apply(trx, event) {
    await sql`INSERT INTO test_counts (event_id) VALUES (${event.event_id}::uuid) ON CONFLICT DO NOTHING`.execute(trx);
  },
};

test('given two projections that read the new events, when a pass runs, then both apply them in one transaction with their checkpoints', async () => {
  await new ProjectionRunner(db, store, [totals, counts], silent).catchUp();
  const counted = countingDb();
  const runner = new ProjectionRunner(counted.db, store, [totals, counts], silent);
  const stream = `s-${randomUUID()}`;
  await addEvents(stream, [4, 9]);
  await runner.catchUp();
  assert.is(counted.transactions(), 1);
  const { rows } = await sql<{ total: number }>`SELECT total FROM test_totals WHERE stream_id = ${stream}`.execute(db);
  assert.equal(rows, [{ total: 9 }]);
  const ids = (await store.readStream(stream)).map((e) => e.event_id);
  const { rows: counted2 } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_counts WHERE event_id = ANY(${ids}::uuid[])`.execute(db);
  assert.is(counted2[0].n, 2);
  const checkpoints = await sql<{ name: string }>`SELECT name FROM projection_checkpoints
    WHERE name IN ('test_totals', 'test_counts') AND (transaction_id, position) = (SELECT transaction_id, position FROM events ORDER BY transaction_id DESC, position DESC LIMIT 1)`.execute(db);
  assert.is(checkpoints.rows.length, 2);
  await counted.db.destroy();
});

test('given a projection that fails, when a pass runs, then the other reader of the same events still applies them', async () => {
  const broken: Projection = { name: 'test_broken', tables: [], eventTypes: ['Added'], apply: async () => { throw new Error('broken read model'); } };
  await new ProjectionRunner(db, store, [totals, counts], silent).catchUp();
  const errors: string[] = [];
  const runner = new ProjectionRunner(db, store, [counts, broken, totals], { error: (_obj, msg) => errors.push(msg) });
  const stream = `s-${randomUUID()}`;
  await addEvents(stream, [11]);
  await runner.catchUp().catch(() => {});
  await runner.catchUp().catch(() => {});
  const [event] = await store.readStream(stream);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_counts WHERE event_id = ${event.event_id}::uuid`.execute(db);
  assert.is(rows[0].n, 1, 'the reader before the broken one applied the event');
  assert.ok(errors.includes('projections applied together failed; applying them one by one'));
});

test('given a projection that fails on an event, when passes run again, then it rests (0.5 s, then 1 s) instead of failing on every pass, and applies the event once it can', async () => {
  let now = 1_000_000;
  let fail = false;
  let tries = 0;
  const fussy: Projection = {
    name: 'test_fussy', tables: [], eventTypes: ['Added'],
    apply: async () => { tries++; if (fail) throw new Error('this read model cannot store that'); },
  };
  const errors: string[] = [];
  const runner = new ProjectionRunner(db, store, [counts, fussy], { error: (_obj, msg) => errors.push(msg) }, { now: () => now });
  await runner.catchUp();
  fail = true;
  tries = 0;
  const stream = `s-${randomUUID()}`;
  await addEvents(stream, [5]);
  const [event] = await store.readStream(stream);
  const cursor = { transaction_id: event.transaction_id, position: event.position };
  await runner.catchUp().catch(() => {});
  const first = tries;
  assert.ok(first >= 1, 'tried once in the pass');
  for (let i = 0; i < 5; i++) await runner.catchUp();
  now += 499;
  await runner.catchUp();
  assert.is(tries, first, 'resting half a second: not tried on every pass');
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_counts WHERE event_id = ${event.event_id}::uuid`.execute(db);
  assert.is(rows[0].n, 1, 'the other reader applied the event meanwhile');
  assert.not.ok(runner.reached(cursor), 'a wait for the event still waits');

  now += 1;
  await runner.catchUp().catch(() => {});
  const second = tries;
  assert.ok(second > first, 'tried again after its half second');
  now += 999;
  await runner.catchUp();
  assert.is(tries, second, 'the next rest is a second');
  fail = false;
  now += 1;
  await runner.catchUp();
  assert.ok(runner.reached(cursor), 'applied once it could');
  now += 1;
  await addEvents(stream, [6]);
  await runner.catchUp();
  assert.is(tries, second + 2, 'through: the next event is applied at once');
});

test('given a table of one read model locked by another session, when a pass runs, then the other reader of the same events applies them meanwhile', async () => {
  await new ProjectionRunner(db, store, [totals, counts], silent).catchUp();
  const errors: string[] = [];
  // The locked one first: it must not hold back the one after it either.
  const runner = new ProjectionRunner(db, store, [totals, counts], { error: (_obj, msg) => errors.push(msg) });
  const stream = `s-${randomUUID()}`;
  await addEvents(stream, [12]);
  const [event] = await store.readStream(stream);
  const holder = createDb(database.url, 1);
  let release = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  let locked = () => {};
  const isLocked = new Promise<void>((resolve) => { locked = resolve; });
  const holding = holder.transaction().execute(async (trx) => {
    // SHARE: writes wait, and no transaction id is taken (an open transaction with one holds the feed back by design).
    await sql`LOCK TABLE test_totals IN SHARE MODE`.execute(trx);
    locked();
    await held;
  });
  await isLocked;
  // The pass ends only once the lock is gone (totals waits in its own transaction): look while it runs.
  const pass = runner.catchUp();
  const deadline = Date.now() + 30_000;
  let counted = 0;
  while (counted === 0 && Date.now() < deadline) {
    counted = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_counts WHERE event_id = ${event.event_id}::uuid`.execute(db)).rows[0].n;
    if (counted === 0) await new Promise((r) => setTimeout(r, 50));
  }
  const appliedTotal = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM test_applications WHERE event_id = ${event.event_id}::uuid`.execute(db)).rows[0].n;
  release();
  await holding;
  await pass;
  await holder.destroy();
  assert.is(counted, 1, 'the reader of an unlocked table applied the event while the other table was locked');
  assert.is(appliedTotal, 0, 'the locked read model had not');
  assert.ok(errors.includes('projections applied together waited on a lock; applying them one by one'), errors.join('; '));
  const total = await sql<{ total: number }>`SELECT total FROM test_totals WHERE stream_id = ${stream}`.execute(db);
  assert.equal(total.rows, [{ total: 12 }], 'and it applied the event once the lock was gone');
});

test('given a checkpoint deleted to replay a projection, when a pass runs, then the projection applies the feed again from the start', async () => {
  const runner = new ProjectionRunner(db, store, [totals], silent);
  await runner.catchUp();
  const applied = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM test_applications`.execute(db)).rows[0].n);
  await sql`DELETE FROM test_applications`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'test_totals'`.execute(db);
  await runner.catchUp();
  const again = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM test_applications`.execute(db)).rows[0].n);
  assert.is(again, applied);
});

test('given a follower listening to a started runner, when another process appends, then it is told once the pass applied it, and idle polls tell it nothing', async () => {
  const runner = new ProjectionRunner(db, store, [totals], silent, { pollMs: 20 });
  runner.start();
  try {
    await runner.settle();
    const told: number[] = [];
    runner.onProgress(() => told.push(performance.now()));
    // Writes that are no events move the feed's horizon (and so the idle polls' positions), as any transaction in the
    // cluster does: no follower is woken for them.
    for (let i = 0; i < 10; i++) {
      await sql`INSERT INTO test_counts (event_id) VALUES (${randomUUID()}::uuid)`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.equal(told, [], 'idle polls while other writes moved the horizon woke no one');
    // Another process's append: this process's store never hears of it, only the runner's poll finds it.
    const otherDb = createDb(database.url, 1);
    const appending = performance.now();
    let appended: { transaction_id: string; position: number };
    try {
      const result = await new EventStore(otherDb).append('w-1', 'no_stream', [{ event_id: randomUUID(), type: 'Added', data: { total: 9 } }]);
      appended = { transaction_id: result.events[0].transaction_id, position: result.events[0].position };
    } finally {
      await otherDb.destroy();
    }
    await runner.waitFor(appended);
    // The listeners are told in the same step that releases the waiters, after the pass.
    assert.ok(told.length >= 1 && told.every((at) => at >= appending), `told after the append (${told.length} times)`);
    const row = await sql<{ total: number }>`SELECT total FROM test_totals WHERE stream_id = 'w-1'`.execute(db);
    assert.equal(row.rows, [{ total: 9 }]);
  } finally {
    await runner.stop();
  }
});

test.run();
