/**
 * `GET /ready` (docs/operations.md): 200 only when this process can serve the house as it should: the database
 * answers, every migration of this code is applied, and the projections trail the feed by at most
 * READY_MAX_LAG_SECONDS. Otherwise 503 with the first reason found, so a load balancer or an orchestrator stops
 * sending traffic here (or waits before it starts) while the process itself stays alive (`/health`, liveness).
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { pendingMigrations } from '../db/migrate';
import { projectionLag, type ProjectionLag } from '../metrics/projection-lag';

/** Longer than a healthy database ever takes to answer; a connection attempt that hangs is a "no". */
const DATABASE_WAIT_MS = 2_000;

/** What the checks read (AppContext has it): the projections only by name, so this module knows none of them. */
export interface ReadinessSources {
  db: Db;
  log: Pick<Logger, 'warn'>;
  config: Pick<Config, 'role' | 'readyMaxLagSeconds'>;
  projections: { projections: readonly { name: string }[] };
}

export type Readiness = { ready: true; maxLagSeconds: number } | { ready: false; reason: string };

const readyAnswer = z.object({ status: z.literal('ready'), projections_max_lag_seconds: z.number() });
const notReadyAnswer = z.object({ status: z.literal('unavailable'), reason: z.string() });

export function readinessRoute(app: FastifyInstance, ctx: ReadinessSources): void {
  app.get('/ready', { schema: { tags: ['ops'], summary: 'Readiness: database, migrations and projections caught up (503 with the reason otherwise)', response: { 200: readyAnswer, 503: notReadyAnswer } } }, async (_request, reply) => {
    const state = await readiness(ctx);
    reply.header('Cache-Control', 'no-store');
    if (state.ready) return { status: 'ready', projections_max_lag_seconds: state.maxLagSeconds };
    return reply.status(503).send({ status: 'unavailable', reason: state.reason });
  });
}

export async function readiness(ctx: ReadinessSources): Promise<Readiness> {
  try {
    await bounded(sql`SELECT 1`.execute(ctx.db));
  } catch (error) {
    return notReady(ctx, 'database: not answering', error);
  }
  try {
    const pending = await bounded(pendingMigrations(ctx.db));
    if (pending.length > 0) return { ready: false, reason: `migrations: ${pending.length} not applied (${pending.slice(0, 3).join(', ')}${pending.length > 3 ? ', ...' : ''})` };
    // A live node keeps no read model (its feed tails the event store itself): the projections are not its concern.
    if (ctx.config.role === 'live') return { ready: true, maxLagSeconds: 0 };
    const lag = await bounded(projectionLag(ctx.db, ctx.projections.projections.map((p) => p.name)));
    const limit = ctx.config.readyMaxLagSeconds;
    const behind = lag.filter((l) => l.secondsBehind > limit).sort((a, b) => b.secondsBehind - a.secondsBehind);
    if (behind.length > 0) return { ready: false, reason: `projections: ${behind.length} behind the feed by more than ${limit} s (${behind.slice(0, 3).map(show).join('; ')})` };
    return { ready: true, maxLagSeconds: round(Math.max(0, ...lag.map((l) => l.secondsBehind))) };
  } catch (error) {
    return notReady(ctx, 'database: a readiness query failed', error);
  }
}

/** /ready is reachable from outside: the answer names the check, the cause (hosts, database names) only the log. */
function notReady(ctx: ReadinessSources, reason: string, error: unknown): Readiness {
  ctx.log.warn({ err: error }, `not ready: ${reason}`);
  return { ready: false, reason };
}

function show(l: ProjectionLag): string {
  return `${l.name}: ${l.eventsBehind} event${l.eventsBehind === 1 ? '' : 's'}, ${round(l.secondsBehind)} s`;
}

const round = (n: number) => Math.round(n * 10) / 10;

function bounded<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_r, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_WAIT_MS} ms`)), DATABASE_WAIT_MS); });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
