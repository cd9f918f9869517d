/**
 * "No Idempotency-Key has more than one effect in the whole house" (docs/audit.md): events appended under a key carry
 * its digest (and, outside the bid path, the run that held the key), so one key's events must come from one run — a
 * bid's from one commit — and a key row that says which run committed its effect must match its events.
 */
import { sql } from 'kysely';
import type { Db } from '../../infra/db/database';
import type { AuditCheckResult, AuditDifference, AuditProgress } from './types';

interface KeyEffects { digest: string; runs: string[]; streams: string[] }
interface RowMismatch { user_id: string; key_digest: string; effect_execution: string; runs: string[] }

export async function verifyIdempotency(_ctx: unknown, executor: Db, onProgress?: AuditProgress): Promise<AuditCheckResult> {
  const { rows: [{ keys }] } = await sql<{ keys: string }>`
    SELECT count(DISTINCT metadata->>'idempotency_key') AS keys FROM events WHERE metadata ? 'idempotency_key'`.execute(executor);
  onProgress?.('idempotency', 0, Number(keys));
  // A run (or, for a bid, its commit) is one effect; a second one under the same key would be a repeated request.
  const { rows: repeated } = await sql<KeyEffects>`
    SELECT metadata->>'idempotency_key' AS digest,
           array_agg(DISTINCT coalesce(metadata->>'idempotency_execution', 'commit ' || transaction_id::text)) AS runs,
           array_agg(DISTINCT stream_id) AS streams
    FROM events WHERE metadata ? 'idempotency_key'
    GROUP BY 1 HAVING count(DISTINCT coalesce(metadata->>'idempotency_execution', 'commit ' || transaction_id::text)) > 1`.execute(executor);
  const { rows: mismatched } = await sql<RowMismatch>`
    SELECT k.user_id, d.digest AS key_digest, k.effect_execution::text, array_agg(DISTINCT e.metadata->>'idempotency_execution') AS runs
    FROM idempotency_keys k
    CROSS JOIN LATERAL (SELECT left(encode(sha256(convert_to(k.user_id || E'\\n' || k.key || E'\\n' || k.request_hash, 'UTF8')), 'hex'), 32) AS digest) d
    JOIN events e ON e.metadata->>'idempotency_key' = d.digest
    WHERE k.effect_execution IS NOT NULL AND e.metadata->>'idempotency_execution' IS DISTINCT FROM k.effect_execution::text
    GROUP BY 1, 2, 3`.execute(executor);
  onProgress?.('idempotency', Number(keys), Number(keys));
  const differences: AuditDifference[] = [
    ...repeated.map((r) => ({
      check: 'idempotency', subject: `key ${r.digest}`, field: 'effects', expected: '1', found: String(r.runs.length),
      message: `One Idempotency-Key has ${r.runs.length} effects (${r.runs.join(', ')}) on ${r.streams.join(', ')}.`,
    })),
    ...mismatched.map((r) => ({
      check: 'idempotency', subject: `key ${r.key_digest}`, field: 'effect_execution', expected: r.effect_execution, found: r.runs.join(', '),
      message: `The key of user ${r.user_id} records run ${r.effect_execution}, but events under it come from ${r.runs.join(', ')}.`,
    })),
  ];
  return { check: 'idempotency', checked: Number(keys), differences };
}
