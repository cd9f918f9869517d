/**
 * `verifyLots`: every lot replayed through the live rules and compared with its `lots` row (docs/audit.md, "Lot
 * replay"). Lots are taken in id order, in batches: one query for the batch's events, one for its rows. All reads
 * go through the given executor (the CLI passes a REPEATABLE READ transaction: one snapshot for events and rows).
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';
import { LOT_STREAM_PATTERN, readLotEvents, readLotRows } from './lot-read';
import { auditOf } from './lot-audit';

const CHECK = 'lot';

interface VerifyLotsOptions {
  batchSize?: number;
}

/** `_source` (the app context or its db) is accepted for symmetry with the other checks; reads use `executor`. */
export async function verifyLots(_source: unknown, executor: Db, onProgress?: AuditProgress, options: VerifyLotsOptions = {}): Promise<AuditCheckResult> {
  const batchSize = options.batchSize ?? 500;
  const ids = await lotIds(executor);
  const differences: AuditDifference[] = [];
  onProgress?.(CHECK, 0, ids.length);
  for (let from = 0; from < ids.length; from += batchSize) {
    const batch = ids.slice(from, from + batchSize);
    const [events, rows] = await Promise.all([readLotEvents(executor, batch), readLotRows(executor, batch)]);
    for (const lotId of batch) {
      const stored = events.get(lotId) ?? [];
      // A stream under a lot-shaped id that is not a lot (it would not start with LotConsigned) is not ours to judge.
      if (stored.length > 0 && stored[0]!.event.type !== 'LotConsigned' && !rows.has(lotId)) continue;
      differences.push(...auditOf(lotId, stored, rows.get(lotId)).differences);
    }
    onProgress?.(CHECK, Math.min(from + batchSize, ids.length), ids.length);
  }
  return { check: CHECK, checked: ids.length, differences };
}

/** Every lot either side knows: the read model's rows and the store's lot streams. */
async function lotIds(executor: Db): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM lots
    UNION
    SELECT substr(stream_id, 5) AS id FROM streams WHERE stream_id ~ ${LOT_STREAM_PATTERN}
    ORDER BY id`.execute(executor);
  return rows.map((r) => r.id);
}
