import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../services/testing/harness';
import { createDb, type Db } from './database';
import { withSessionLocks } from './session-locks';
import { rejects } from '../../services/testing/rejects';

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

test('with a silence limit (several nodes), work longer than the limit keeps its session and locks alive', async () => {
  const limited = createDb(database.url, 1, 300);
  try {
    const pid = async (c: Db) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(c)).rows[0].pid;
    const before = await pid(limited);
    const during = await withSessionLocks(limited, async (connection) => {
      await sql`SELECT pg_advisory_lock(1, 5)`.execute(connection);
      // Longer than the limit: without the keep-alive the server would end the idle session and drop the lock.
      await new Promise((r) => setTimeout(r, 1_000));
      return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()`
        .execute(connection)).rows[0].n;
    });
    assert.is(during, 1, 'the lock is still held');
    assert.is(await pid(limited), before, 'the same session');
    const { rows: [after] } = await sql<{ t: string }>`SELECT current_setting('idle_session_timeout') AS t`.execute(limited);
    assert.is(after.t, '0', 'a pooled session idles without limit again');
  } finally {
    await limited.destroy();
  }
});

test.run();
