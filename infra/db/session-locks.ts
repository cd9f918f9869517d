import { sql } from 'kysely';
import { silenceLimitOf, type Db } from './database';

/**
 * Runs `work` on one held pooled connection with no transaction open, then releases every session-level advisory
 * lock that session took, whatever happens. For locks that must last while the work runs on other pool connections
 * (commands, appends): a transaction-scoped lock would keep its transaction "idle in transaction" all that time
 * (docs/architecture.md, "The event store"). Pooled connections hold no other session-level locks.
 */
export async function withSessionLocks<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  const limit = silenceLimitOf(db);
  return db.connection().execute(async (connection) => {
    // With several nodes, a node cut off while it holds these locks must not keep them for ever (its session is idle,
    // not in a transaction: idle_in_transaction_session_timeout does not apply). The server ends the session after
    // the silence limit (database.ts), and while the work runs this process says, on the session, that it is alive.
    let alive: NodeJS.Timeout | undefined;
    if (limit) {
      await sql`SELECT set_config('idle_session_timeout', ${String(limit)}, false)`.execute(connection);
      alive = setInterval(() => void sql`SELECT 1`.execute(connection).catch(() => undefined), limit / 3);
    }
    try {
      return await work(connection);
    } finally {
      clearInterval(alive);
      await sql`SELECT pg_advisory_unlock_all(), set_config('idle_session_timeout', '0', false)`.execute(connection);
    }
  });
}
