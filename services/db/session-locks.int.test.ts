import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/harness';
import { createDb, type Db } from './database';
import { withSessionLocks } from './session-locks';
import { rejects } from '../testing/rejects';

let database: TestDatabase;
let db: Db;

/** Advisory locks held by the pool's one connection (the pool has one, so every query below runs on it). */
const heldLocks = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`.execute(db)).rows[0].n;

test.before(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, 1);
});

test.after(async () => {
  await db.destroy();
  await database.drop();
});

test('the locks taken are held during the work, with no transaction open, and released after', async () => {
  const during = await withSessionLocks(db, async (connection) => {
    await sql`SELECT pg_advisory_lock(1, 2), pg_try_advisory_lock(1, 3)`.execute(connection);
    // In a transaction opened before, now() (its start) would be earlier than this statement's start.
    const { rows } = await sql<{ n: number; fresh: boolean }>`
      SELECT (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()) AS n,
             now() = statement_timestamp() AS fresh`.execute(connection);
    return rows[0];
  });
  assert.equal(during, { n: 2, fresh: true }, 'held, and each statement is its own transaction');
  assert.is(await heldLocks(), 0);
});

test('the locks are released when the work fails', async () => {
  await rejects(() => withSessionLocks(db, async (connection) => {
    await sql`SELECT pg_advisory_lock(1, 4)`.execute(connection);
    throw new Error('work failed');
  }), /work failed/);
  assert.is(await heldLocks(), 0);
});

test.run();
