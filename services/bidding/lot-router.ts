/**
 * Where a lot's writes run when several processes serve the house (docs/scale.md): here when this process holds the
 * lot's lease (or takes it: free, or its holder is dead), otherwise at the holder, by forwarding the HTTP request to
 * the holder's internal address. A holder that does not answer is marked dead and its lease taken over at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { activeLeases, LeaseLost, type LeaseInfo } from './lot-leases';
import { sentBody } from '../../infra/http/contract';

/** Forwarded requests carry their hop count: a lease that keeps moving ends in a 409 "try again", never a loop. */
const HOPS_HEADER = 'x-lot-hops';
const MAX_HOPS = 3;
const FORWARD_TIMEOUT_MS = 10_000;
/** Headers the holder needs to answer as we would: the caller's credentials, the key, the request id. */
const FORWARDED_HEADERS = ['authorization', 'cookie', 'idempotency-key', 'user-agent', 'accept-language'];

type Route = { local: true } | { local: false; lease: LeaseInfo };

async function routeLot(ctx: AppContext, lotId: string): Promise<Route> {
  const leases = activeLeases(ctx);
  if (!leases || leases.epochOf(lotId) !== undefined) return { local: true };
  const lease = await leases.acquire(lotId, 'free');
  return lease.mine ? { local: true } : { local: false, lease };
}

/**
 * Runs `here` where the lot's lease is held: in this process, or by forwarding the request to the holder (whose
 * answer is sent as is). `here` failing with LeaseLost (the lease moved while it ran; nothing was written) routes
 * again.
 */
export async function atLotHolder(ctx: AppContext, lotId: string, request: FastifyRequest, reply: FastifyReply, here: () => Promise<unknown>): Promise<unknown> {
  const hops = Number(request.headers[HOPS_HEADER] ?? 0) || 0;
  for (let attempt = 0; ; attempt++) {
    const route = await routeLot(ctx, lotId);
    if (route.local) {
      try {
        return await here();
      } catch (error) {
        if (error instanceof LeaseLost && attempt < MAX_HOPS) continue;
        throw error;
      }
    }
    if (hops >= MAX_HOPS || attempt >= MAX_HOPS) throw new LeaseLost(lotId);
    const answer = await forward(request, route.lease.address, hops + 1);
    if (answer) return reply.status(answer.status).type(answer.type).send(answer.body);
    // The holder is gone (connection refused, reset, timed out, or shutting down): take its leases over.
    request.log.warn({ lotId, holder: route.lease.holder }, 'lot holder did not answer: taking its lease over');
    await activeLeases(ctx)!.markDead(route.lease.holder);
  }
}

interface Forwarded { status: number; type: string; body: string }

/** The request, replayed at the holder. Null when the holder could not answer (then nothing is known to be written). */
async function forward(request: FastifyRequest, address: string, hops: number): Promise<Forwarded | null> {
  if (!address) return null;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': request.id, [HOPS_HEADER]: String(hops) };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  try {
    const response = await fetch(`${address}${request.url}`, {
      method: request.method, headers, body: sentBody(request) === undefined ? undefined : JSON.stringify(sentBody(request)),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    const body = await response.text();
    // 503: the holder is closing (Fastify answers it for every request once close() began).
    if (response.status === 503) return null;
    return { status: response.status, type: response.headers.get('content-type') ?? 'application/json', body };
  } catch {
    return null;
  }
}

/** Path the internal listener answers with its holder id (services/cluster/node.ts), before any routing. */
export const HOLDER_PATH = '/__lease-holder';
const PROBE_TIMEOUT_MS = 1_000;
const PROBE_CACHE_MS = 500;
const probes = new Map<string, { at: number; alive: Promise<boolean> }>();

/** Whether the lease's holder still answers at its address (cached briefly: a pass asks for many lots at once). */
function holderAnswers(lease: LeaseInfo): Promise<boolean> {
  const key = `${lease.holder}@${lease.address}`;
  const cached = probes.get(key);
  if (cached && Date.now() - cached.at < PROBE_CACHE_MS) return cached.alive;
  const alive = lease.address
    ? fetch(`${lease.address}${HOLDER_PATH}`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
      .then(async (r) => r.ok && (await r.text()) === lease.holder)
      .catch(() => false)
    : Promise.resolve(false);
  probes.set(key, { at: Date.now(), alive });
  if (probes.size > 1000) probes.clear();
  return alive;
}

/**
 * For the closing scheduler: whether this process should close the lot. Yes when it holds the lease or takes it
 * (free, or its holder is dead or does not answer); no when a live holder has it (that holder's scheduler closes it).
 */
export async function takeLotIfUnattended(ctx: AppContext, lotId: string): Promise<boolean> {
  const leases = activeLeases(ctx);
  if (!leases || leases.epochOf(lotId) !== undefined) return true;
  const lease = await leases.acquire(lotId, 'free');
  if (lease.mine) return true;
  if (await holderAnswers(lease)) return false;
  ctx.log.warn({ lotId, holder: lease.holder }, 'lot holder did not answer: taking its lease over to close the lot');
  await leases.markDead(lease.holder);
  return (await leases.acquire(lotId, 'free')).mine;
}
