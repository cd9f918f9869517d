/**
 * The id of what a keyed write creates (an order, a payment, a ledger entry, a withdrawal). With an Idempotency-Key
 * it is derived from the caller, the key and the request (a keyed hash: bodies may hold card data), so a route that
 * resumes (idempotency-keys.ts) finds, on the retry after a crash, what the first run committed under the same id and
 * adds only what is missing. The same key with another request gives another id (that request is refused by the key
 * layer anyway, or made anew after a refusal). Without a key: a random id.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/tokens';
import { idempotencyKeyOf } from './idempotency-keys';
import { sentBody } from './contract';
import { stableJson } from './stable-json';

/** A UUID (version 4 layout) from the first 16 bytes of a digest. */
function uuidFrom(digest: Buffer): string {
  const b = Buffer.from(digest.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** `scope` tells apart the ids one request makes (an order and its payment). */
export function keyedId(ctx: { tokens: Pick<TokenService, 'deriveKey'> }, request: FastifyRequest, scope: string): string {
  const key = idempotencyKeyOf(request);
  if (!key) return randomUUID();
  // 'payment-ids': the derivation's name from when only payments had such ids; kept, so ids made before stay the same.
  const digest = createHmac('sha256', ctx.tokens.deriveKey('payment-ids'))
    .update(`${request.user?.id ?? ''}\n${scope}\n${key}\n${request.method} ${request.url}\n${stableJson(sentBody(request) ?? null)}`)
    .digest();
  return uuidFrom(digest);
}
