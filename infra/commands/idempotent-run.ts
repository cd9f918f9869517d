/**
 * The run of one request sent with an `Idempotency-Key`, carried through everything the request awaits
 * (AsyncLocalStorage), so that the event store can bind the run's effect to the key without any route passing it on.
 *
 * Every transaction that appends events during a run also marks the key as executed by this run
 * (`effect_execution`), in the same transaction as the events: the mark commits exactly when the effect does. A run
 * whose key was taken over by another (this process stalled past its lease, a retry took the key) finds the mark
 * refused and rolls its effect back, so one key never has two effects. The events carry the key's digest and the run
 * in their metadata, which lets `npm run audit:verify` prove it over the whole house.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { Conflict } from '../../domain/shared/errors';
import type { Db } from '../db/database';

const KEY_TAKEN_OVER = 'A request with this Idempotency-Key is still being processed. Please try again.';

export interface IdempotentRun {
  userId: string;
  key: string;
  /** What makes two requests the same (a key refused for one body may carry a corrected one: another request). */
  requestHash: string;
  /** This run's id: the key row's `execution` while it holds the key. */
  execution: string;
  /**
   * The run whose effect this one carries: its own id, or, on a route that resumes (services/orders/routes.ts), the
   * id of an earlier run that committed part of the request's effect and then failed. One key keeps one effect run.
   */
  effect: string;
  /** Transactions that already carry the mark (one statement per transaction is enough). */
  readonly bound: WeakSet<object>;
  /** The answer is stored: work the request left running in the background is no longer part of it. */
  finished: boolean;
  /** Events of this run committed: from then on its request answers a success (idempotency-keys.ts answerAfterCommit). */
  effectCommitted?: boolean;
}

const runs = new AsyncLocalStorage<IdempotentRun>();

export function withIdempotentRun<T>(run: IdempotentRun, work: () => T): T {
  return runs.run(run, work);
}

/**
 * Runs `work` outside any request's run: for loops that serve many requests (a lot's writer, the commit ticks), which
 * a keyed request may happen to start and must not lend its key to.
 */
export function outsideRun<T>(work: () => T): T {
  return runs.exit(work);
}

export function currentRun(): IdempotentRun | undefined {
  const run = runs.getStore();
  return run && !run.finished ? run : undefined;
}

/** Called after a commit that appended events: the current run (if any) has its effect in. */
export function markEffectCommitted(): void {
  const run = currentRun();
  if (run) run.effectCommitted = true;
}

/**
 * The digest events carry instead of the key itself (keys are the client's, and scoped to the caller): one request,
 * that is one key with one body (a key refused for one body may carry a corrected one, which is another request).
 */
export function keyDigest(userId: string, key: string, requestHash: string): string {
  return createHash('sha256').update(`${userId}\n${key}\n${requestHash}`).digest('hex').slice(0, 32);
}

/** What events appended during a run add to their metadata (nothing outside a run). */
export function runMetadata(): { idempotency_key: string; idempotency_execution: string } | null {
  const run = currentRun();
  return run ? { idempotency_key: keyDigest(run.userId, run.key, run.requestHash), idempotency_execution: run.effect } : null;
}

/**
 * Marks the key as executed by this run's effect inside `trx` (the transaction that appends the events). Refused when
 * another run holds the key or committed another effect: the caller's transaction must then roll back.
 */
export async function bindEffect(trx: Db): Promise<void> {
  const run = currentRun();
  if (!run || run.bound.has(trx)) return;
  const { rows } = await sql<{ ok: number }>`
    UPDATE idempotency_keys SET effect_execution = ${run.effect}::uuid, effect_at = coalesce(effect_at, now())
    WHERE user_id = ${run.userId} AND key = ${run.key} AND execution = ${run.execution}::uuid
      AND (effect_execution IS NULL OR effect_execution = ${run.effect}::uuid)
    RETURNING 1 AS ok`.execute(trx);
  if (rows.length === 0) throw new Conflict(KEY_TAKEN_OVER);
  run.bound.add(trx);
}
