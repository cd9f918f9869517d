import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql, type RawBuilder } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { createDb, type Db } from '../../infra/db/database';
import { EventStore } from '../../infra/event-store/event-store';
import { WrongExpectedVersion } from '../../infra/event-store/types';
import { linkHash, verifyChains, type BrokenLink } from './chain-verify';

let database: TestDatabase;
let db: Db;
let store: EventStore;

const event = (data: unknown = { n: 1 }) => ({ event_id: randomUUID(), type: 'ThingHappened', data, metadata: { user_id: 'u1', request_id: 'r1' } });
const stream = () => `chain-${randomUUID()}`;
const brokenIn = (broken: BrokenLink[], id: string) => broken.filter((b) => b.stream_id === id);

/** What a database superuser can do: ordinary triggers (the append-only guard) do not fire under replica role. */
async function asSuperuser(statement: RawBuilder<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await statement.execute(trx);
  });
}

/** A stream of `n` events appended one and two at a time. */
async function streamOf(n: number): Promise<string> {
  const id = stream();
  let version = 0;
  while (version < n) {
    const batch = Array.from({ length: Math.min(n - version, version % 2 === 0 ? 1 : 2) }, (_, k) => event({ n: version + k + 1 }));
    version = (await store.append(id, version === 0 ? 'no_stream' : version, batch)).version;
  }
  return id;
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

test('appends build a valid chain: each hash covers the previous one and the stored content', async () => {
  const id = stream();
  await store.append(id, 'no_stream', [event({ b: 1, a: 'é ✓ 🥃', nested: { z: 1.5, y: [1.50, 'x'] } })]);
  await store.append(id, 1, [event(), event({ n: 3 }), event({ n: 4 })]);
  await streamOf(5);
  const { rows } = await sql<{ hash: Buffer; canonical: string }>`
    SELECT hash, event_canonical(stream_id, stream_version, event_id, type, data, metadata) AS canonical
    FROM events WHERE stream_id = ${id} ORDER BY stream_version`.execute(db);
  assert.is(rows.length, 4);
  assert.ok(rows[0].hash.equals(linkHash(null, rows[0].canonical)), 'the first event hashes its content alone');
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i].hash.equals(linkHash(rows[i - 1].hash, rows[i].canonical)), `link ${i + 1}`);
  const { rows: head } = await sql<{ last_hash: Buffer }>`SELECT last_hash FROM streams WHERE stream_id = ${id}`.execute(db);
  assert.ok(head[0].last_hash.equals(rows[3].hash), 'the streams row holds the head');

  const progress: number[] = [];
  const report = await verifyChains(db, { batchSize: 3, onProgress: (p) => progress.push(p.events) });
  assert.equal(report.broken, []);
  assert.is(report.streams, 2);
  assert.is(report.events, 9);
  assert.equal(progress, [3, 6, 9, 9]);
});

test('concurrent appends to one stream still chain: with expected versions and with "any"', async () => {
  const id = stream();
  // 'any' on a stream that does not exist yet: all but one lose the race to create it and chain again.
  await Promise.all(Array.from({ length: 12 }, () => store.append(id, 'any', [event(), event()])));
  await store.append(id, 'any', [event()]);
  const withRetries = Array.from({ length: 8 }, async () => {
    for (;;) {
      const [last] = (await store.readStream(id)).slice(-1);
      try {
        return await store.append(id, last.stream_version, [event()]);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
    }
  });
  await Promise.all(withRetries);
  assert.is((await store.readStream(id)).length, 1 + 24 + 8);
  const report = await verifyChains(db, { batchSize: 7 });
  assert.equal(brokenIn(report.broken, id), []);
  assert.equal(report.broken, []);
});

test("'any' that loses the race to create a stream chains its events again on the winner's head", async () => {
  const id = stream();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let created = () => {};
  const inside = new Promise<void>((resolve) => (created = resolve));
  const creator = db.transaction().execute(async (trx) => {
    await store.append(id, 'no_stream', [event()], trx);
    created();
    await held;
  });
  await inside;
  const racer = store.append(id, 'any', [event()]); // its snapshot has no stream; it waits on the creator's row
  await new Promise((resolve) => setTimeout(resolve, 150));
  release();
  await creator;
  assert.is((await racer).version, 2);
  assert.equal(brokenIn((await verifyChains(db)).broken, id), []);
});

test('an event changed by a superuser (triggers disabled) is named by stream and version', async () => {
  const id = await streamOf(6);
  const other = await streamOf(3);
  await asSuperuser(sql`UPDATE events SET data = jsonb_set(data, '{n}', '99') WHERE stream_id = ${id} AND stream_version = 4`);
  const [changed] = (await store.readStream(id)).filter((e) => e.stream_version === 4);
  assert.equal(changed.data, { n: 99 }, 'the change went through');

  const report = await verifyChains(db, { batchSize: 4 });
  assert.equal(brokenIn(report.broken, id).map((b) => [b.stream_version, b.event_id, b.reason]), [[4, changed.event_id, 'hash_mismatch']]);
  assert.equal(brokenIn(report.broken, other), []);
});

test('a change whose hash was recomputed breaks the next link', async () => {
  const id = await streamOf(4);
  await asSuperuser(sql`UPDATE events SET type = 'Forged',
      hash = event_chain_step(NULL, (SELECT hash FROM events WHERE stream_id = ${id} AND stream_version = 1),
                              event_canonical(stream_id, stream_version, event_id, 'Forged', data, metadata))
    WHERE stream_id = ${id} AND stream_version = 2`);
  const report = await verifyChains(db);
  assert.equal(brokenIn(report.broken, id).map((b) => [b.stream_version, b.reason]), [[3, 'hash_mismatch']]);
});

test('an event deleted in the middle is named, and so is a deleted last event', async () => {
  const middle = await streamOf(5);
  const tail = await streamOf(3);
  const events = await store.readStream(middle);
  await asSuperuser(sql`DELETE FROM events WHERE stream_id = ${middle} AND stream_version = 3`);
  await asSuperuser(sql`DELETE FROM events WHERE stream_id = ${tail} AND stream_version = 3`);
  const report = await verifyChains(db, { batchSize: 2 });
  assert.equal(brokenIn(report.broken, middle).map((b) => [b.stream_version, b.event_id, b.reason]), [[3, events[3].event_id, 'missing_event']]);
  assert.equal(brokenIn(report.broken, tail).map((b) => [b.stream_version, b.reason]), [[3, 'missing_event']]);
});

test('a deleted first event, a stream emptied, and a streams row moved back are each named', async () => {
  const first = await streamOf(3);
  const emptied = await streamOf(2);
  const head = await streamOf(3);
  await asSuperuser(sql`DELETE FROM events WHERE stream_id = ${first} AND stream_version = 1`);
  await asSuperuser(sql`DELETE FROM events WHERE stream_id = ${emptied}`);
  await asSuperuser(sql`UPDATE streams SET version = 2 WHERE stream_id = ${head}`);
  const report = await verifyChains(db);
  assert.equal(brokenIn(report.broken, first).map((b) => [b.stream_version, b.reason]), [[1, 'missing_event']]);
  assert.equal(brokenIn(report.broken, emptied).map((b) => [b.stream_version, b.reason]), [[1, 'missing_event']]);
  assert.equal(brokenIn(report.broken, head).map((b) => [b.stream_version, b.reason]), [[3, 'head_mismatch']]);
});

test.run();
