import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { Migrator, sql } from 'kysely';
import { createDb, type Db } from '../../infra/db/database';
import { EventStore } from '../../infra/event-store/event-store';
import { verifyChains } from './chain-verify';
import { migrations } from '../../infra/db/migrations/index';

// Events written before migration 0740 get their chains from it: a database migrated up to 0730, events inserted
// the way the old append did (no hash), then 0740.
const serverUrl = process.env.TEST_DB_SERVER_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `wa_test_chain_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
let admin: pg.Client;
let db: Db;

async function migrateTo(target: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error;
}

test.before(async () => {
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  db = createDb(url.toString(), 2);
});

test.after(async () => {
  await db.destroy();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

test('migration 0740 chains the events already stored, stream by stream, and appends continue the chains', async () => {
  await migrateTo('0730-anonymous-uploads');
  const streams = ['lot-a', 'lot-b', 'user-c'];
  for (const [s, stream] of streams.entries()) {
    await sql`INSERT INTO streams (stream_id, version) VALUES (${stream}, 3)`.execute(db);
    // Interleaved across streams and out of version order in position, as concurrent appends leave them.
    for (const version of [2, 1, 3]) {
      await sql`INSERT INTO events (stream_id, stream_version, event_id, type, data, metadata)
        VALUES (${stream}, ${version}, ${randomUUID()}::uuid, 'Old', ${JSON.stringify({ s, version, text: 'ü' })}::jsonb, '{}'::jsonb)`.execute(db);
    }
  }
  await migrateTo('0740-event-hash-chain');

  const before = await verifyChains(db);
  assert.equal(before.broken, []);
  assert.equal([before.streams, before.events], [3, 9]);

  const store = new EventStore(db);
  await store.append('lot-a', 3, [{ event_id: randomUUID(), type: 'New', data: { n: 1 } }]);
  await store.append('user-d', 'no_stream', [{ event_id: randomUUID(), type: 'New', data: { n: 2 } }]);
  const after = await verifyChains(db);
  assert.equal(after.broken, []);
  assert.equal([after.streams, after.events], [4, 11]);

  // The backfill really chained them: an old event changed afterwards is caught.
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE events SET data = '{"s": 1, "version": 1, "text": "ü"}'::jsonb WHERE stream_id = 'lot-b' AND stream_version = 2`.execute(trx);
  });
  assert.equal((await verifyChains(db)).broken.map((b) => [b.stream_id, b.stream_version, b.reason]), [['lot-b', 2, 'hash_mismatch']]);
});

test.run();
