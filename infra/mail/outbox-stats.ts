/** The outbox in numbers, for the metrics (read at scrape time; docs/operations.md). */
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { OutboxStats } from '../metrics/metrics';

/** Pending rows come from the due index; failed rows from their own partial index (migration 0840). */
export async function outboxStats(db: Db): Promise<OutboxStats> {
  const { rows } = await sql<{ pending: number; retrying: number; failed: number; oldest: number }>`
    SELECT
      (SELECT count(*) FROM email_outbox WHERE status = 'pending')::int AS pending,
      (SELECT count(*) FROM email_outbox WHERE status = 'pending' AND attempts > 0)::int AS retrying,
      (SELECT count(*) FROM email_outbox WHERE status = 'failed')::int AS failed,
      coalesce(extract(epoch FROM clock_timestamp() - (SELECT min(created_at) FROM email_outbox WHERE status = 'pending')), 0)::float8 AS oldest`
    .execute(db);
  const r = rows[0];
  return { pending: Number(r.pending), retrying: Number(r.retrying), failed: Number(r.failed), oldestPendingSeconds: Math.max(0, Number(r.oldest)) };
}
