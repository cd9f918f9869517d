/**
 * `Idempotency-Key` on every write of the API (POST, PUT, PATCH, DELETE under /api/): a retry with the same key gets
 * the first answer, byte for byte, and moves nothing twice, across processes, restarts and crashes. Bids keep their
 * own keys, stored by the lot's writer in the bid's own commit (services/bidding/idempotency-store.ts).
 *
 * - The key is reserved (a row with no answer, held by this run under a renewed lease) before the handler runs, so of
 *   concurrent requests with one key exactly one runs and the others wait for its answer.
 * - The transaction that appends the run's events also marks the key as executed (infra/commands/idempotent-run.ts):
 *   the mark commits exactly with the effect.
 * - The answer is stored as the bytes sent, before they are sent. A refused request (4xx) or a failure (5xx) before any
 *   effect removes the reservation, so the same key can be sent again and runs once. A refusal that committed something
 *   (a declined card leaves its failed payment) is kept and replayed; a corrected request (another body) may still
 *   take its key, and is then another request.
 * - A run whose process died holds its key only until its lease runs out. A retry then takes the key over when no
 *   effect committed, or, when one did but the answer was never stored, answers that the request was carried out
 *   (and stores that answer for every later retry): it never runs a second time.
 * - A route that resumes (`config: { idempotency: 'resumable' }`: placing an order, whose card payment may fail after
 *   the order committed) is instead run again by that retry, as the same effect: its handler carries on from what
 *   committed (ids derived from the key) and adds only what is missing, so the request still has one effect, and its
 *   answer is the request's real outcome rather than "carried out". Such a route may also answer a success that is
 *   not final (`answerIncomplete`: the order placed, its payment not completed): that answer is not kept, and the
 *   retry carries the request on.
 * Keys are scoped to the caller (the user, or the address for a request without a session). The same key with a
 * different request (method, path or body) is a 409.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../config/config';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { Conflict, ValidationError } from '../../domain/shared/errors';
import { withIdempotentRun, type IdempotentRun } from '../commands/idempotent-run';
import { faultKillAfterCommit } from './fault-hooks';
import { sentBody } from './contract';
import { stableJson } from './stable-json';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';
export const KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed. Please try again.';
export const CARRIED_OUT = 'This request was already carried out; its answer was lost when the server stopped.';
const CARRIED_OUT_BODY = JSON.stringify({ detail: CARRIED_OUT });
/** The same, answered by the run itself when it failed after its effect committed (answerAfterCommit). */
export const ANSWER_NOT_PREPARED = 'This request was carried out, but its answer could not be prepared. Reload the page to see the result.';
const ANSWER_NOT_PREPARED_BODY = JSON.stringify({ detail: ANSWER_NOT_PREPARED });
const CARRIED_OUT_BODIES: ReadonlySet<string | null> = new Set([CARRIED_OUT_BODY, ANSWER_NOT_PREPARED_BODY]);
/**
 * Marks the "carried out" answer, a 200 whose body is not the route's answer, so a client can tell it from one
 * (web/src/api/http.ts shows its sentence instead of reading it as the route's data).
 */
export const CARRIED_OUT_HEADER = 'idempotent-carried-out';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route keeps its own idempotency (bids) or has none. 'resumable': a retry after a failure that left
     * part of the effect committed runs the handler again, which must carry on from what committed.
     */
    idempotency?: false | 'resumable';
  }
  interface FastifyRequest {
    idempotentRun?: KeyedRun;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Sign-in, token and password calls answer credentials (tokens) or act on secrets: a stored copy of their answer
 * would be a credential at rest, and repeating them is harmless (a second sign-in is a second session).
 */
const CREDENTIAL_ROUTES = /^\/api\/(auth|social_auth)\//;
const WAIT_MS = 15_000;

export interface Answer { status: number; body: unknown }
/** What the keys need of the app (AppContext has it): infrastructure takes no slice's context. */
type Ctx = { db: Db; clock: Clock; config: Pick<Config, 'idempotencyLeaseMs'> };
interface KeyedRun extends IdempotentRun {
  renew: NodeJS.Timeout;
  /** answerIncomplete: the answer is not kept, and the next retry carries the request on. */
  incomplete?: boolean;
}
interface KeyRow {
  request_hash: string; status: number | null; answer: unknown; raw_answer: string | null; content_type: string | null;
  answer_encoding: string | null; execution: string | null; effect_execution: string | null; lease_over: boolean;
}

/** Wraps every write route's handler, and stores each keyed answer before it is sent. */
export function installIdempotencyKeys(app: FastifyInstance, ctx: Ctx): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m)) || route.config?.idempotency === false) return;
    if (CREDENTIAL_ROUTES.test(route.url)) return;
    const handler = route.handler;
    const resumable = route.config?.idempotency === 'resumable';
    route.handler = async function keyed(this: FastifyInstance, request, reply) {
      return runKeyed(ctx, request, reply, { scope: route.url, resumable }, () => handler.call(this, request, reply));
    };
  });
  // Callback hooks, not async ones: they run on every answer (bids included), and only a keyed run has work here.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.idempotentRun) return done(null, payload);
    // The answer is the request's outcome whether or not its key could keep it: a write that committed is never
    // turned into an error because the database went away after the commit. An answer not kept leaves the key held
    // until its lease runs out; a retry then resumes or is told the request was carried out, and never runs twice.
    finish(ctx, request.idempotentRun, reply, payload).then(() => done(null, payload), (error: unknown) => {
      request.log.warn({ err: error, status: reply.statusCode }, 'the answer of a keyed request could not be kept');
      done(null, payload);
    });
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.idempotentRun) clearInterval(request.idempotentRun.renew);
    done();
  });
}

/** The key of a request, or null when it was sent without one. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw new ValidationError({ idempotency_key: ['Idempotency-Key must be 1 to 255 visible characters.'] });
  return key;
}

/**
 * On a route that resumes: this success answers a request not finished yet (an order placed whose card payment could
 * not be completed). Its answer is sent but not kept, and a retry with the key carries the request on at once.
 */
export function answerIncomplete(request: FastifyRequest): void {
  if (request.idempotentRun) request.idempotentRun.incomplete = true;
}

/**
 * A keyed write that failed after its effect committed (the database gone before the answer was read back, a fault in
 * building it) is answered as carried out, a success, never an error: the client is not led to think nothing happened,
 * and the answer is kept, so a retry gets the same. Not on a route that resumes: its retry carries the request on and
 * answers what became of it. False when this does not apply (no key, nothing committed, or a route that resumes).
 */
export function answerAfterCommit(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.idempotentRun?.effectCommitted || request.routeOptions.config?.idempotency === 'resumable') return false;
  reply.header(CARRIED_OUT_HEADER, 'true').header('content-type', 'application/json; charset=utf-8').status(200).send(ANSWER_NOT_PREPARED_BODY);
  return true;
}

/** Sends a route's `{status, body}` answer (its Idempotency-Key is handled around every write route already). */
export async function sendAnswer(reply: FastifyReply, work: () => Promise<Answer>): Promise<FastifyReply> {
  const answer = await work();
  return reply.status(answer.status).send(answer.body);
}

interface KeyedRoute { scope: string; resumable: boolean }

async function runKeyed(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, route: KeyedRoute, handler: () => unknown): Promise<unknown> {
  const key = idempotencyKeyOf(request);
  if (!key) return handler();
  const userId = request.user?.id ?? `address:${request.ip}`;
  const hash = requestHash(request);
  const claim = await claimKey(ctx, userId, key, route, hash);
  if (claim.kind === 'replay') return replay(reply, claim.row);
  const run: KeyedRun = {
    userId, key, requestHash: hash, execution: claim.execution, effect: claim.effect, bound: new WeakSet(), finished: false,
    renew: setInterval(() => void renewLease(ctx, run).catch(() => {}), Math.floor(ctx.config.idempotencyLeaseMs / 3)),
  };
  run.renew.unref();
  request.idempotentRun = run;
  return withIdempotentRun(run, handler);
}

/** `effect`: the run whose effect this one carries (itself, or the earlier run it resumes). */
type Claim = { kind: 'run'; execution: string; effect: string } | { kind: 'replay'; row: KeyRow };

/** Reserves the key for a new run, or finds the answer to replay; waits while another live run holds it. */
async function claimKey(ctx: Ctx, userId: string, key: string, route: KeyedRoute, hash: string): Promise<Claim> {
  const deadline = Date.now() + WAIT_MS;
  const lease = `${ctx.config.idempotencyLeaseMs} milliseconds`;
  for (;;) {
    const execution = randomUUID();
    const { rows: inserted } = await sql`
      INSERT INTO idempotency_keys (user_id, key, scope, request_hash, created_at, execution, lease_until)
      VALUES (${userId}, ${key}, ${route.scope}, ${hash}, ${ctx.clock.now().toISOString()}, ${execution}::uuid, clock_timestamp() + ${lease}::interval)
      ON CONFLICT (user_id, key) DO NOTHING RETURNING key`.execute(ctx.db);
    if (inserted.length > 0) return { kind: 'run', execution, effect: execution };
    const row = await readKey(ctx, userId, key);
    if (!row) continue; // refused meanwhile: its reservation is gone
    if (row.request_hash !== hash) {
      // A refusal (4xx) leaves its key free for a corrected request; anything else keeps it.
      if (row.status !== null && row.status >= 400 && await retake(ctx, userId, key, row, hash, execution, lease)) return { kind: 'run', execution, effect: execution };
      throw new Conflict(KEY_REUSED);
    }
    if (row.status !== null) return { kind: 'replay', row };
    if (row.lease_over && row.effect_execution) {
      if (!route.resumable) return { kind: 'replay', row: await answerCarriedOut(ctx, userId, key) };
      if (await takeOver(ctx, userId, key, row, execution, lease)) return { kind: 'run', execution, effect: row.effect_execution };
      continue;
    }
    if (row.lease_over && await takeOver(ctx, userId, key, row, execution, lease)) return { kind: 'run', execution, effect: execution };
    if (Date.now() > deadline) throw new Conflict(KEY_IN_FLIGHT);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function readKey(ctx: Ctx, userId: string, key: string): Promise<KeyRow | undefined> {
  const { rows } = await sql<KeyRow>`
    SELECT request_hash, status, answer, raw_answer, content_type, answer_encoding, execution::text, effect_execution::text,
           coalesce(lease_until, created_at + interval '30 seconds') < clock_timestamp() AS lease_over
    FROM idempotency_keys WHERE user_id = ${userId} AND key = ${key}`.execute(ctx.db);
  return rows[0];
}

/**
 * The holder died or failed: this run takes the key, only if nobody else did first and the effect is still the one
 * read (none, or, on a route that resumes, the earlier run's that this one carries on).
 */
async function takeOver(ctx: Ctx, userId: string, key: string, from: KeyRow, to: string, lease: string): Promise<boolean> {
  const { rows } = await sql`
    UPDATE idempotency_keys SET execution = ${to}::uuid, lease_until = clock_timestamp() + ${lease}::interval
    WHERE user_id = ${userId} AND key = ${key} AND status IS NULL AND effect_execution IS NOT DISTINCT FROM ${from.effect_execution}::uuid
      AND execution IS NOT DISTINCT FROM ${from.execution}::uuid RETURNING key`.execute(ctx.db);
  return rows.length > 0;
}

/** A key whose request was refused (4xx, kept because its refusal committed something) for a corrected request. */
async function retake(ctx: Ctx, userId: string, key: string, row: KeyRow, hash: string, execution: string, lease: string): Promise<boolean> {
  const { rows } = await sql`
    UPDATE idempotency_keys SET request_hash = ${hash}, execution = ${execution}::uuid, lease_until = clock_timestamp() + ${lease}::interval,
      status = NULL, answer = NULL, raw_answer = NULL, content_type = NULL, answer_encoding = NULL, answered_at = NULL,
      effect_execution = NULL, effect_at = NULL
    WHERE user_id = ${userId} AND key = ${key} AND request_hash = ${row.request_hash} AND status = ${row.status} RETURNING key`.execute(ctx.db);
  return rows.length > 0;
}

/** The effect committed but its answer was never stored (the process died in between): say so, once for all retries. */
async function answerCarriedOut(ctx: Ctx, userId: string, key: string): Promise<KeyRow> {
  await sql`
    UPDATE idempotency_keys SET status = 200, raw_answer = ${CARRIED_OUT_BODY}, content_type = 'application/json; charset=utf-8',
      answer_encoding = 'utf8', answered_at = ${ctx.clock.now().toISOString()}
    WHERE user_id = ${userId} AND key = ${key} AND status IS NULL`.execute(ctx.db);
  return (await readKey(ctx, userId, key))!;
}

async function renewLease(ctx: Ctx, run: KeyedRun): Promise<void> {
  if (run.finished) return;
  await sql`
    UPDATE idempotency_keys SET lease_until = clock_timestamp() + ${`${ctx.config.idempotencyLeaseMs} milliseconds`}::interval
    WHERE user_id = ${run.userId} AND key = ${run.key} AND execution = ${run.execution}::uuid AND status IS NULL`.execute(ctx.db);
}

/** Before the answer leaves: store a success; on a refusal or failure release the key (or keep its effect's mark). */
async function finish(ctx: Ctx, run: KeyedRun, reply: FastifyReply, payload: unknown): Promise<void> {
  if (run.finished) return;
  run.finished = true;
  clearInterval(run.renew);
  const where = sql`user_id = ${run.userId} AND key = ${run.key} AND execution = ${run.execution}::uuid AND status IS NULL`;
  if (run.incomplete) {
    await sql`UPDATE idempotency_keys SET lease_until = clock_timestamp() WHERE ${where}`.execute(ctx.db);
    return;
  }
  if (reply.statusCode < 500) {
    if (reply.statusCode < 400) faultKillAfterCommit(reply.request.routeOptions.url);
    const { text, encoding } = payloadText(payload);
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    // A success is kept; so is a refusal that committed something (a declined card's payment): both are replayed.
    const kept = reply.statusCode < 400 ? sql`TRUE` : sql`effect_execution IS NOT NULL`;
    const { rows: stored } = await sql`
      UPDATE idempotency_keys SET status = ${reply.statusCode}, raw_answer = ${text}, content_type = ${type},
        answer_encoding = ${encoding}, answered_at = ${ctx.clock.now().toISOString()}, lease_until = NULL
      WHERE ${where} AND ${kept} RETURNING key`.execute(ctx.db);
    if (stored.length > 0 || reply.statusCode < 400) return;
  }
  const { rows } = await sql`DELETE FROM idempotency_keys WHERE ${where} AND effect_execution IS NULL RETURNING key`.execute(ctx.db);
  // An effect committed and then the request failed: let a retry answer that it was carried out (or resume) at once.
  if (rows.length === 0) await sql`UPDATE idempotency_keys SET lease_until = clock_timestamp() WHERE ${where}`.execute(ctx.db);
}

function payloadText(payload: unknown): { text: string | null; encoding: string } {
  if (typeof payload === 'string') return { text: payload, encoding: 'utf8' };
  if (Buffer.isBuffer(payload)) return { text: payload.toString('base64'), encoding: 'base64' };
  return { text: null, encoding: 'none' };
}

function replay(reply: FastifyReply, row: KeyRow): FastifyReply {
  reply.status(row.status!).header('idempotent-replayed', 'true');
  if (row.raw_answer === null && row.answer_encoding === null) {
    // A row stored before answers were kept as bytes: its JSON answer.
    return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(row.answer ?? null));
  }
  reply.header('content-type', row.content_type ?? 'application/json; charset=utf-8');
  if (CARRIED_OUT_BODIES.has(row.raw_answer)) reply.header(CARRIED_OUT_HEADER, 'true');
  if (row.raw_answer === null) return reply.send();
  return reply.send(row.answer_encoding === 'base64' ? Buffer.from(row.raw_answer, 'base64') : row.raw_answer);
}

/** A digest of what makes two requests the same (it holds card data in the body, so only the digest is kept). */
function requestHash(request: FastifyRequest): string {
  const path = request.url.split('?')[0].replace(/\/$/, '');
  return createHash('sha256').update(`${request.method} ${path}\n${stableJson(sentBody(request) ?? null)}`).digest('hex');
}
