/** Counters in PostgreSQL (migration 0825): one upsert per hit, so parallel hits on any process never lose a count. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/database';
import { windowOf, type RateLimitStore, type WindowCount } from './store';

export class PostgresRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowSeconds: number, now: Date): Promise<WindowCount> {
    const { start, end } = windowOf(windowSeconds, now);
    const { rows } = await sql<{ hits: number }>`
      INSERT INTO rate_limit_counters (key, window_start, hits, expires_at)
      VALUES (${key}, ${start.toISOString()}, 1, ${end.toISOString()})
      ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
      RETURNING hits`.execute(this.db);
    return { hits: rows[0].hits, resetAt: end };
  }

  async peek(key: string, windowSeconds: number, now: Date): Promise<WindowCount> {
    const { start, end } = windowOf(windowSeconds, now);
    const { rows } = await sql<{ hits: number }>`
      SELECT hits FROM rate_limit_counters WHERE key = ${key} AND window_start = ${start.toISOString()}`.execute(this.db);
    return { hits: rows[0]?.hits ?? 0, resetAt: end };
  }

  async prune(now: Date): Promise<number> {
    const result = await sql`DELETE FROM rate_limit_counters WHERE expires_at <= ${now.toISOString()}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async close(): Promise<void> {}
}
