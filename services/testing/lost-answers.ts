/**
 * What a process killed between a keyed write's commit and its answer leaves behind, made in place: the key's row
 * holds the effect's mark but no answer, and its run's lease is over. The next request with the key then finds it as
 * a retry after such a crash would (services/faults/killed-after-commit.int.test.ts does it with a real SIGKILL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TestApp } from './harness';

export async function loseAnswer(t: TestApp, key: string): Promise<void> {
  const { rows } = await sql`
    UPDATE idempotency_keys SET status = NULL, raw_answer = NULL, answer = NULL, content_type = NULL, answer_encoding = NULL,
      answered_at = NULL, execution = ${randomUUID()}::uuid, lease_until = clock_timestamp() - interval '1 second'
    WHERE key = ${key} AND effect_execution IS NOT NULL RETURNING key`.execute(t.ctx.db);
  if (rows.length !== 1) throw new Error(`no committed keyed request with the key ${key}`);
}
