/** Many streams in one statement: each stream's version check and guard on its own, the hash chains intact. */
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from '../db/database';
import { verifyChains } from '../../services/audit/chain-verify';
import { EventStore } from './event-store';
import { appendMany } from './append-many';

let database: TestDatabase;
let db: Db;
let store: EventStore;

const event = (n: number) => ({ event_id: randomUUID(), type: 'ThingHappened', data: { n }, metadata: { user_id: 'u1' } });
const stream = () => `thing-${randomUUID()}`;

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 4);
  store = new EventStore(db);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('new and existing streams are written in one transaction, each at its next versions, chains intact', async () => {
  const [a, b, c] = [stream(), stream(), stream()];
  await store.append(a, 'no_stream', [event(1), event(2)]);
  await store.append(b, 'no_stream', [event(1)]);
  const results = await appendMany(db, [
    { streamId: a, expected: 2, events: [event(3), event(4)], guard: [] },
    { streamId: b, expected: 1, events: [event(2)], guard: [] },
    { streamId: c, expected: 0, events: [event(1), event(2), event(3)], guard: [] },
  ]);
  assert.equal(results.map((r) => r?.version), [4, 2, 3]);
  assert.equal(results[0]!.events.map((e) => e.stream_version), [3, 4]);
  assert.is(new Set(results.flatMap((r) => r!.events.map((e) => e.transaction_id))).size, 1, 'one transaction');
  const read = await store.readStream(a);
  assert.equal(read.map((e) => (e.data as { n: number }).n), [1, 2, 3, 4]);
  const { rows } = await sql<{ stream_id: string; version: number }>`
    SELECT stream_id, version FROM streams WHERE stream_id IN (${a}, ${b}, ${c}) ORDER BY stream_id`.execute(db);
  assert.equal(Object.fromEntries(rows.map((r) => [r.stream_id, r.version])), { [a]: 4, [b]: 2, [c]: 3 });
  const chains = await verifyChains(db);
  assert.equal(chains.broken, [], 'every chain verifies, across the many-stream append');
});

test('a stream whose expected version is wrong is left out; the others are written', async () => {
  const [a, b] = [stream(), stream()];
  await store.append(a, 'no_stream', [event(1)]);
  await store.append(b, 'no_stream', [event(1)]);
  const results = await appendMany(db, [
    { streamId: a, expected: 0, events: [event(2)], guard: [] },
    { streamId: b, expected: 1, events: [event(2)], guard: [] },
  ]);
  assert.is(results[0], null, 'stale version: nothing written');
  assert.is(results[1]?.version, 2);
  assert.is((await store.readStream(a)).length, 1);
  try {
    await store.explainRefused(a, 'no_stream', [event(2)], []);
    assert.unreachable('explained as a conflict');
  } catch (error) {
    assert.match(String(error), /expected version no_stream, actual 1/);
  }
});

test('each stream has its own guard', async () => {
  const [a, b, cap] = [stream(), stream(), stream()];
  await store.append(cap, 'no_stream', [event(1)]);
  const results = await appendMany(db, [
    { streamId: a, expected: 0, events: [event(1)], guard: [cap] },
    { streamId: b, expected: 0, events: [event(1)], guard: [stream()] },
  ]);
  assert.is(results[0], null, 'the guard stream exists');
  assert.is(results[1]?.version, 1, 'its guard stream does not');
  try {
    await store.explainRefused(a, 'no_stream', [event(1)], [cap]);
    assert.unreachable('explained as a guard');
  } catch (error) {
    assert.equal((error as { streamIds?: string[] }).streamIds, [cap]);
  }
});

test('two statements racing over the same streams in opposite orders both finish (locks taken in stream order)', async () => {
  const ids = Array.from({ length: 20 }, stream);
  for (const id of ids) await store.append(id, 'no_stream', [event(1)]);
  const rounds = Array.from({ length: 10 }, (_, round) => round);
  for (const round of rounds) {
    const forward = ids.map((id) => ({ streamId: id, expected: 1 + round * 2, events: [event(2)], guard: [] }));
    const backward = [...ids].reverse().map((id) => ({ streamId: id, expected: 1 + round * 2, events: [event(2)], guard: [] }));
    const [x, y] = await Promise.all([appendMany(db, forward), appendMany(db, backward)]);
    // One of the two wins each stream at that version; the other finds it moved. Move the loser's version on.
    const written = ids.map((_, i) => (x[i] ? 1 : 0) + (y[ids.length - 1 - i] ? 1 : 0));
    assert.equal(written, ids.map(() => 1), `round ${round}: every stream written exactly once`);
    await appendMany(db, ids.map((id) => ({ streamId: id, expected: 2 + round * 2, events: [event(3)], guard: [] })));
  }
  assert.equal((await verifyChains(db)).broken, []);
});

test.run();
