/**
 * What a restore refuses, and what it leaves behind when it does: a truncated or damaged backup leaves the database
 * empty (so the next attempt can run), a database that is not empty is never written to, and a backup cannot write
 * files outside the data folder's uploads. A restore on the same server (ids already ahead) leaves the epoch at 0.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import pg from 'pg';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { createDb, type Db } from '../../infra/db/database';
import { EventStore } from '../../infra/event-store/event-store';
import { rejects } from '../testing/rejects';
import { writeBackup } from './backup';
import { restoreBackup } from './restore';
import { LineWriter, readLines } from './format';
import { eventsDigest } from './testing';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wa-restore-refusals-'));
const good = path.join(work, 'good.backup.gz');
const serverUrl = process.env.TEST_DB_SERVER_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let source: TestDatabase;
let sourceDb: Db;
const empties: string[] = [];
const pools: Db[] = [];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/** A new database with nothing in it, as an operator makes for a restore. */
async function emptyDatabase(): Promise<Db> {
  const name = `wa_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await admin(`CREATE DATABASE ${name}`);
  empties.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 2);
  pools.push(db);
  return db;
}

/** The good backup with its lines changed by `edit` (null drops a line). */
async function variant(name: string, edit: (line: string) => string | null): Promise<string> {
  const file = path.join(work, name);
  const writer = new LineWriter(file);
  for await (const line of readLines(good)) {
    const changed = edit(line);
    if (changed !== null) await writer.line(changed);
  }
  await writer.finish();
  return file;
}

const publicTables = async (db: Db) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relnamespace = 'public'::regnamespace`.execute(db)).rows[0].n;

test.before(async () => {
  source = await createTestDatabase();
  sourceDb = createDb(source.url, 2);
  const store = new EventStore(sourceDb);
  for (let i = 0; i < 3; i++) await store.append(`s-${i}`, 'no_stream', [{ event_id: randomUUID(), type: 'Noted', data: { i } }]);
  fs.mkdirSync(path.join(work, 'data', 'uploads', 'lots'), { recursive: true });
  fs.writeFileSync(path.join(work, 'data', 'uploads', 'lots', 'a.jpg'), 'photo');
  await writeBackup(sourceDb, { file: good, dataDir: path.join(work, 'data') });
});

test.after(async () => {
  for (const db of [sourceDb, ...pools]) await db.destroy();
  for (const name of empties) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await source.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

test('a truncated backup restores nothing, and the same database then takes the whole backup', async () => {
  const truncated = await variant('truncated.backup.gz', (line) => (line.startsWith('#end') ? null : line));
  const db = await emptyDatabase();
  await rejects(() => restoreBackup(db, { file: truncated, dataDir: path.join(work, 'out1') }), /truncated/);
  assert.is(await publicTables(db), 0, 'not even the schema is left');
  const report = await restoreBackup(db, { file: good, dataDir: path.join(work, 'out1') });
  assert.equal(await eventsDigest(db), await eventsDigest(sourceDb));
  assert.equal(report.epoch, { raised: false, offset: '0' }, 'on the same server the ids are already ahead');
});

test('a backup whose counts do not match its rows is refused as damaged', async () => {
  let dropped = false;
  const damaged = await variant('damaged.backup.gz', (line) => {
    if (!dropped && line.startsWith('{') && line.includes('"Noted"')) { dropped = true; return null; }
    return line;
  });
  const db = await emptyDatabase();
  await rejects(() => restoreBackup(db, { file: damaged, dataDir: path.join(work, 'out2') }), /damaged/);
  assert.is(await publicTables(db), 0);
});

test('a file that is not a backup is refused before anything is written', async () => {
  const plain = path.join(work, 'plain.txt');
  fs.writeFileSync(plain, 'hello');
  const db = await emptyDatabase();
  await rejects(() => restoreBackup(db, { file: plain, dataDir: path.join(work, 'out6') }), /not a whisky-auction backup/);
  assert.is(await publicTables(db), 0);
});

test('a database that is not empty is refused before anything is written', async () => {
  const before = await eventsDigest(sourceDb);
  await rejects(() => restoreBackup(sourceDb, { file: good, dataDir: path.join(work, 'out3') }), /not empty/);
  assert.equal(await eventsDigest(sourceDb), before);
});

test('a file outside the uploads, and rows of a table the restore makes itself, are refused', async () => {
  const escaping = await variant('escaping.backup.gz', (line) =>
    line.startsWith('#file uploads') ? `#file ${encodeURIComponent('uploads/../../escaped.txt')} ${Buffer.from('x').toString('base64')}` : line);
  const first = await emptyDatabase();
  await rejects(() => restoreBackup(first, { file: escaping, dataDir: path.join(work, 'out4', 'data') }), /outside/);
  assert.not.ok(fs.existsSync(path.join(work, 'escaped.txt')));

  const readModel = await variant('read-model.backup.gz', (line) => (line === '#table streams' ? '#table lots' : line));
  const second = await emptyDatabase();
  await rejects(() => restoreBackup(second, { file: readModel, dataDir: path.join(work, 'out5') }), /makes itself/);
});

test.run();
