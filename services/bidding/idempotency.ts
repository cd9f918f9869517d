/**
 * Idempotency-Key handling for POST /api/bids/: a retried bid with the same key (same user) gets the first answer
 * and places nothing new, across restarts and processes too (the answer is stored with the events, see
 * idempotency-store.ts). A key reused for another request is a 409. Refused bids place nothing, so they are not
 * stored: a retry of a refused bid is simply decided again. A refusal comes back as a value (bid-outcome.ts).
 */
import type { Db } from '../../infra/db/database';
import { Conflict, RuleBroken } from '../../domain/shared/errors';
import { findKept, keyId, KeysTaken, type KeptAnswer } from './idempotency-store';
import type { StoredAnswer } from './lot-writer';
import { isRefusal, type BidOutcome } from './bid-outcome';

export const KEY_REUSED = 'This Idempotency-Key was already used for a different bid.';

/** Recent answers kept in memory, so a quick retry in this process costs no query. */
const RECENT_MAX = 20_000;

export class IdempotencyGate {
  private readonly recent = new Map<string, KeptAnswer>();
  private readonly inFlight = new Map<string, Promise<BidOutcome>>();

  constructor(private readonly db: Db) {}

  /**
   * Runs `place` once per (user, key); a concurrent duplicate in this process waits for the first one.
   * `mayBeReplay` tells whether a refusal could be a retry of a bid that was accepted before (see below).
   */
  async run(userId: string, key: string, requestHash: string, place: () => Promise<BidOutcome>, mayBeReplay: () => boolean): Promise<BidOutcome> {
    const id = keyId({ userId, key });
    // Bounded: each round either answers or waits for one earlier attempt with the same key to settle.
    for (let round = 0; round < 5; round++) {
      const earlier = this.inFlight.get(id);
      if (earlier) {
        await earlier.catch(() => undefined);
        continue;
      }
      const attempt = this.attempt(userId, key, requestHash, place, mayBeReplay);
      this.inFlight.set(id, attempt);
      try {
        return await attempt;
      } finally {
        if (this.inFlight.get(id) === attempt) this.inFlight.delete(id);
      }
    }
    throw new Conflict('A bid with this Idempotency-Key is still being processed. Please try again.');
  }

  /**
   * No query before deciding (the hot path stays free of reads). A bidder's accepted maximums only ever rise, so a
   * retry of an accepted bid is always refused when decided again, and the bidder's maximum is then at least its
   * amount: only such refusals look the key up. An accepted retry of a key committed elsewhere in the meantime
   * hits the key's primary key in the batch's transaction (KeysTaken), and is answered from the table too.
   */
  private async attempt(
    userId: string, key: string, requestHash: string, place: () => Promise<BidOutcome>, mayBeReplay: () => boolean,
  ): Promise<BidOutcome> {
    const recent = this.recent.get(keyId({ userId, key }));
    if (recent) return replay(recent, requestHash);
    let outcome: BidOutcome;
    try {
      outcome = await place();
    } catch (error) {
      // Refusals are values: what is thrown is a failure, or the key committed elsewhere meanwhile (KeysTaken).
      if (!(error instanceof KeysTaken)) throw error;
      const kept = await this.kept(userId, key, requestHash);
      if (!kept) throw error;
      return kept;
    }
    if (!isRefusal(outcome)) {
      this.remember(userId, key, { requestHash, status: outcome.status, answer: outcome.body });
      return outcome;
    }
    if (!(outcome.refused instanceof RuleBroken && mayBeReplay())) return outcome;
    return (await this.kept(userId, key, requestHash)) ?? outcome;
  }

  /** The answer kept under the key (remembered here from now on), replayed; null when the key was never used. */
  private async kept(userId: string, key: string, requestHash: string): Promise<StoredAnswer | null> {
    const kept = await findKept(this.db, userId, key);
    if (!kept) return null;
    this.remember(userId, key, kept);
    return replay(kept, requestHash);
  }

  private remember(userId: string, key: string, kept: KeptAnswer): void {
    if (this.recent.size >= RECENT_MAX) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(keyId({ userId, key }), kept);
  }
}

function replay(kept: KeptAnswer, requestHash: string): StoredAnswer {
  if (kept.requestHash !== requestHash) throw new Conflict(KEY_REUSED);
  return { status: kept.status, body: kept.answer };
}
