/**
 * Placing a bid (the hot path): fee status from memory when known, the decision by the lot's writer against its
 * in-memory state, the answer from the states around this bid. No projection wait: the answer carries everything
 * the bidder needs, and the live channel pushes the new price to everyone else.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { AuthUser } from '../../infra/http/auth';
import { bidAnswer } from './bid-answer';
import { bidding } from './bidding';
import { requestHash } from './idempotency-store';
import { keyDigest } from '../../infra/commands/idempotent-run';
import type { LotJob } from './lot-writer';
import { CompanionNeeded } from './lot-job';
import { capCompanion } from '../spending-cap/cap-context';
import { Conflict, DomainError } from '../../domain/shared/errors';
import { refusalReason } from './refusal-reason';
import type { BidOutcome, Refusal } from './bid-outcome';
import { LeaseLost } from './lot-leases';
import { noteWritten } from '../../infra/http/read-your-writes';
import type { EventMetadata } from '../../infra/event-store/types';

interface BidInput {
  lotId: string;
  pence: number;
  idempotencyKey: string | null;
  requestId: string;
}

/** A new bid is 201 Created; a replay of a kept answer repeats its status. */
const BID_CREATED = 201;

/**
 * The bid's answer, or the lot's refusal as a value (bid-outcome.ts). Still thrown: what is no decision of the lot's
 * (a key reused for another bid, a lease that moved on, a failure).
 */
export async function placeBid(ctx: AppContext, user: AuthUser, input: BidInput): Promise<BidOutcome> {
  const parts = bidding(ctx);
  const place = () => decide(ctx, user, input);
  if (!input.idempotencyKey) return place();
  // A refusal may be the retry of an accepted bid only if the bidder's maximum already reached this amount.
  const mayBeReplay = () => (parts.writers.get(input.lotId).snapshot.state.maxBids[user.id] ?? 0) >= input.pence;
  return parts.idempotency.run(user.id, input.idempotencyKey, requestHash(input.lotId, input.pence), place, mayBeReplay);
}

async function decide(ctx: AppContext, user: AuthUser, input: BidInput): Promise<BidOutcome> {
  const parts = bidding(ctx);
  const feePaid = await parts.fees.isPaid(user.id);
  const bidId = randomUUID();
  const autoBidId = randomUUID();
  const job: LotJob = {
    build: (now) => ({
      type: 'PlaceBid', lot_id: input.lotId, bid_id: bidId, auto_bid_id: autoBidId, bidder_id: user.id,
      max_bid: input.pence, bidder_registration_fee_paid: feePaid, now,
    }),
    metadata: bidMetadata(user, input),
  };
  if (input.idempotencyKey) {
    job.idempotency = {
      userId: user.id,
      key: input.idempotencyKey,
      requestHash: requestHash(input.lotId, input.pence),
      answer: (before, after) => ({ status: BID_CREATED, body: bidAnswer(before, after, user.id, bidId) }),
    };
  }
  const decision = await decided(ctx, () => submitCapped(ctx, job, { userId: user.id, lotId: input.lotId, bidId }));
  if ('refused' in decision) return decision;
  // No wait here (the hot path): the answer carries the bid's position, and says when the views are still behind.
  noteWritten(ctx, decision.append);
  return decision.stored ?? { status: BID_CREATED, body: bidAnswer(decision.before, decision.after, user.id, bidId) };
}

/**
 * The bid's events' metadata. A keyed bid's events carry the key's digest (audit:verify proves one key never placed
 * two bids); the digest is a sha256, made only when the events are built: a refusal (most decisions on a hot lot)
 * never needs it.
 */
function bidMetadata(user: AuthUser, input: BidInput): EventMetadata {
  const metadata: EventMetadata = { user_id: user.id, request_id: input.requestId };
  const key = input.idempotencyKey;
  if (!key) return metadata;
  let digest: string | undefined;
  return Object.defineProperty(metadata, 'idempotency_key', {
    enumerable: true,
    get: () => (digest ??= keyDigest(user.id, key, requestHash(input.lotId, input.pence))),
  });
}

/**
 * Counts the decision for the metrics (a counter and a histogram in memory; nothing else on the hot path). Only here,
 * on the lot's writer: a bid forwarded from another process is counted once, where it was decided; an answer
 * replayed for a repeated Idempotency-Key never gets here (services/bidding/idempotency.ts answers it).
 * A refusal (any domain error of the decision: the lot's rules, the cap, a lot too busy) becomes a value here.
 */
async function decided<T>(ctx: AppContext, submit: () => Promise<T>): Promise<T | Refusal> {
  const started = performance.now();
  try {
    const decision = await submit();
    ctx.metrics.bidDecided((performance.now() - started) / 1000);
    return decision;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    ctx.metrics.bidRefused(refusalReason(error), (performance.now() - started) / 1000);
    // The lease moved while the bid waited (nothing written): no answer yet, the router sends it to the new holder.
    if (error instanceof LeaseLost) throw error;
    return { refused: error };
  }
}

/** Times a capped bid is checked again because the bidder's cap stream kept moving under it. */
const MAX_CAP_ATTEMPTS = 10;

/**
 * Submits the bid; a bidder with a spending cap in the lot's auction is asked for the cap's companion (the writer
 * says so), which is prepared here, off the writer, and the bid is submitted again with it. Uncapped bidders never
 * get here a second time.
 */
async function submitCapped(ctx: AppContext, job: LotJob, bid: { userId: string; lotId: string; bidId: string }) {
  const writers = bidding(ctx).writers;
  for (let attempt = 1; ; attempt++) {
    try {
      return await writers.submit(bid.lotId, job);
    } catch (error) {
      if (!(error instanceof CompanionNeeded)) throw error;
      if (attempt >= MAX_CAP_ATTEMPTS) throw new Conflict('Your bids in this auction are changing too quickly. Please try again.');
      job.companion = await capCompanion(ctx, { ...bid, auctionId: error.auctionId, metadata: job.metadata });
    }
  }
}
