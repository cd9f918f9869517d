/**
 * Card money in flight, for the metrics (docs/operations.md): refunds owed and not made yet, and payments still
 * waiting for the provider's outcome. One statement per scrape, each part on its partial index (migrations 0880,
 * 0900), which hold only those rows: nothing to walk when none is owed or pending.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { PaymentStats } from '../../infra/metrics/metrics';

/** `now`: the house's clock (the payments' created_at are its instants). */
export async function paymentStats(db: Db, now: Date): Promise<PaymentStats> {
  const { rows } = await sql<{ owed: number; owed_pence: string; pending: number; oldest: number }>`
    SELECT
      (SELECT count(*) FROM payments WHERE refund_due_pence > 0)::int AS owed,
      (SELECT coalesce(sum(refund_due_pence), 0) FROM payments WHERE refund_due_pence > 0)::text AS owed_pence,
      (SELECT count(*) FROM payments WHERE status IN ('requested', 'created', 'challenge_required'))::int AS pending,
      coalesce(extract(epoch FROM ${now.toISOString()}::timestamptz - (SELECT min(created_at) FROM payments WHERE status IN ('requested', 'created', 'challenge_required'))), 0)::float8 AS oldest`
    .execute(db);
  const r = rows[0];
  return { refundsOwed: Number(r.owed), refundsOwedPence: Number(r.owed_pence), pending: Number(r.pending), oldestPendingSeconds: Math.max(0, Number(r.oldest)) };
}
