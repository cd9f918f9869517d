/** The bidding slice's per-process parts (one set per AppContext), created on first use. */
import type { AppContext } from '../context';
import { FeeStatus } from './fee-status';
import { IdempotencyGate } from './idempotency';
import { lotWriters, type LotWriters } from './lot-writers';

interface Bidding {
  writers: LotWriters;
  fees: FeeStatus;
  idempotency: IdempotencyGate;
}

const byContext = new WeakMap<AppContext, Bidding>();

export function bidding(ctx: AppContext): Bidding {
  let parts = byContext.get(ctx);
  if (!parts) {
    parts = { writers: lotWriters(ctx), fees: new FeeStatus(ctx), idempotency: new IdempotencyGate(ctx.db) };
    byContext.set(ctx, parts);
  }
  return parts;
}
