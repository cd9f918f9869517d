/**
 * The id of a new payment. With an Idempotency-Key it is derived from the caller, the key and the request (a keyed
 * hash: the body holds card data), so a retry after a crash between the provider's answer and our append finds the
 * same payment and the provider's intent made with it, and charges nothing twice. The same key with another request
 * gives another id (that request is refused by the idempotency layer anyway, or made anew after a refusal).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { idempotencyKeyOf } from '../../infra/http/idempotency-keys';
import { sentBody } from '../../infra/http/contract';

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A UUID (version 4 layout) from the first 16 bytes of a digest. */
function uuidFrom(digest: Buffer): string {
  const b = Buffer.from(digest.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function paymentIdFor(ctx: Pick<AppContext, 'tokens'>, request: FastifyRequest, scope: string): string {
  const key = idempotencyKeyOf(request);
  if (!key) return randomUUID();
  const digest = createHmac('sha256', ctx.tokens.deriveKey('payment-ids'))
    .update(`${request.user?.id ?? ''}\n${scope}\n${key}\n${request.method} ${request.url}\n${stableJson(sentBody(request) ?? null)}`)
    .digest();
  return uuidFrom(digest);
}
