import { sql } from 'kysely';
import type { Db } from './database';

/**
 * Runs `work` on one held pooled connection with no transaction open, then releases every session-level advisory
 * lock that session took, whatever happens. For locks that must last while the work runs on other pool connections
 * (commands, appends): a transaction-scoped lock would keep its transaction "idle in transaction" all that time
 * (docs/architecture.md, "The event store"). Pooled connections hold no other session-level locks.
 */
export async function withSessionLocks<T>(db: Db, work: (connection: Db) => Promise<T>): Promise<T> {
  return db.connection().execute(async (connection) => {
    try {
      return await work(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock_all()`.execute(connection);
    }
  });
}
