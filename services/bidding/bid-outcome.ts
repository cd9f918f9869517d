/**
 * What placing a bid answers: the bid's answer (accepted, or kept for its Idempotency-Key), or the lot's refusal as a
 * value. Refusals are most decisions on a hot lot (96% in the load test); thrown, each went through Fastify's error
 * path (docs/benchmarks.md, "Refusals as values"). The route answers a refusal with the error handler's own answer
 * (infra/http/errors.ts, `sendDomainError`), so the wire cannot tell the two paths apart.
 */
import type { DomainError } from '../../domain/shared/errors';
import type { StoredAnswer } from './lot-job';

export interface Refusal {
  refused: DomainError;
}

export type BidOutcome = StoredAnswer | Refusal;

export function isRefusal(outcome: BidOutcome): outcome is Refusal {
  return 'refused' in outcome;
}
