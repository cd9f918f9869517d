/**
 * `Idempotency-Key` on every money-moving POST (payments, cards, withdrawals, staff wallet changes): a retry with the
 * same key gets the first answer (status and body) and moves nothing twice, across processes and restarts.
 *
 * The key is reserved (a row with no answer yet) before the work starts, so of two concurrent requests with one key
 * exactly one does the work and the other waits for its answer and replays it. A request refused with a 4xx (bad
 * input, a broken rule) or failing with a 5xx removes its reservation: nothing is stored and the same key may be
 * sent again. The same key with a different request (path or body) is a 409. Keys are scoped to the caller.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { Conflict, ValidationError } from '../../domain/shared/errors';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Please try again.';

export interface Answer { status: number; body: unknown }

const WAIT_MS = 15_000;

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The key of a request, or null when it was sent without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new ValidationError({ idempotency_key: ['Idempotency-Key must be 1 to 255 visible characters.'] });
  return key;
}

/** A digest of what makes two requests the same (it holds card data in the body, so only the digest is kept). */
function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0].replace(/\/$/, '');
  return createHash('sha256').update(`${request.method} ${path}\n${stableJson(request.body ?? null)}`).digest('hex');
}

/**
 * Runs `work` once per (caller, key). Without a key it simply runs. The answer of `work` is what the client gets,
 * now and on every retry.
 */
export async function runIdempotent(
  ctx: Pick<AppContext, 'db' | 'clock'>, request: FastifyRequest, scope: string, work: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const key = idempotencyKeyOf(request);
  if (!key) return { ...(await work()), replayed: false };
  const userId = request.user?.id ?? '';
  const hash = requestHash(request);
  // A duplicate waits for the first request; if that one was refused (its reservation removed), this one goes ahead.
  for (let round = 0; ; round++) {
    const { rows } = await sql<{ key: string }>`
      INSERT INTO idempotency_keys (user_id, key, scope, request_hash, created_at)
      VALUES (${userId}, ${key}, ${scope}, ${hash}, ${ctx.clock.now().toISOString()})
      ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(ctx.db);
    if (rows.length > 0) break;
    const kept = await waitForAnswer(ctx, userId, key, hash);
    if (kept) return { ...kept, replayed: true };
    if (round >= 3) throw new Conflict(KEY_IN_FLIGHT);
  }
  try {
    const answer = await work();
    await sql`UPDATE idempotency_keys SET status = ${answer.status}, answer = ${JSON.stringify(answer.body ?? null)}::jsonb,
              answered_at = ${ctx.clock.now().toISOString()} WHERE user_id = ${userId} AND key = ${key}`.execute(ctx.db);
    return { ...answer, replayed: false };
  } catch (error) {
    await sql`DELETE FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key} AND status IS NULL`.execute(ctx.db);
    throw error;
  }
}

/** The first request's answer; null when that request was refused and removed its reservation. */
async function waitForAnswer(ctx: Pick<AppContext, 'db'>, userId: string, key: string, hash: string): Promise<Answer | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const { rows } = await sql<{ request_hash: string; status: number | null; answer: unknown }>`
      SELECT request_hash, status, answer FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`.execute(ctx.db);
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== hash) throw new Conflict(KEY_REUSED);
    if (row.status !== null) return { status: row.status, body: row.answer };
    if (Date.now() > deadline) throw new Conflict(KEY_IN_FLIGHT);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Sends an idempotent answer (marking replays with `Idempotent-Replayed: true`, as payment providers do). */
export async function sendIdempotent(
  ctx: Pick<AppContext, 'db' | 'clock'>, request: FastifyRequest, reply: FastifyReply, scope: string, work: () => Promise<Answer>,
): Promise<FastifyReply> {
  const answer = await runIdempotent(ctx, request, scope, work);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
