/**
 * A steady stream of bids over real HTTP, each with its own Idempotency-Key, every answer recorded. Amounts come from
 * one rising sequence with gaps above two increments, so most bids are accepted whichever sender wins a race.
 */
import { randomUUID } from 'node:crypto';
import { stepFor } from '../../domain/catalogue/lot/increments';
import type { TestUser } from '../testing/users';

export interface BidAttempt {
  key: string;
  user: TestUser;
  pence: number;
  startedAt: number;
  ms: number;
  /** 0 when no answer came (connection error or the client's time limit). */
  status: number;
  body: unknown;
  retryAfter: string | null;
  error?: string;
}

/** A request that takes longer than this is a hang. */
export const REQUEST_LIMIT_MS = 10_000;

export async function sendBid(base: string, user: TestUser, lotId: string, pence: number, key: string): Promise<BidAttempt> {
  const startedAt = Date.now();
  const attempt: BidAttempt = { key, user, pence, startedAt, ms: 0, status: 0, body: null, retryAfter: null };
  try {
    const res = await fetch(`${base}/api/bids/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ bid: (pence / 100).toFixed(2), lot: lotId }),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    attempt.status = res.status;
    attempt.retryAfter = res.headers.get('retry-after');
    const text = await res.text();
    try { attempt.body = JSON.parse(text); } catch { attempt.body = text; }
  } catch (error) {
    attempt.error = String(error);
  }
  attempt.ms = Date.now() - startedAt;
  return attempt;
}

export class BidStream {
  readonly attempts: BidAttempt[] = [];
  private next = 2_000;
  private stopped = false;
  private senders: Promise<void>[] = [];

  constructor(private readonly base: string, private readonly lotId: string, private readonly bidders: TestUser[], private readonly pauseMs = 25) {}

  start(): void {
    this.senders = this.bidders.map((user) => this.send(user));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.senders);
  }

  acceptedSince(time: number): number {
    return this.attempts.filter((a) => a.startedAt >= time && a.status === 201).length;
  }

  answeredSince(time: number, status: number): number {
    return this.attempts.filter((a) => a.startedAt >= time && a.status === status).length;
  }

  private nextAmount(): number {
    const pence = this.next;
    this.next += 2 * stepFor(pence) + 100;
    return pence;
  }

  private async send(user: TestUser): Promise<void> {
    // Bounded: a sender stops by itself after this many bids even if the test forgot to stop it.
    for (let i = 0; i < 2_000 && !this.stopped; i++) {
      this.attempts.push(await sendBid(this.base, user, this.lotId, this.nextAmount(), `fault-${randomUUID()}`));
      await new Promise((r) => setTimeout(r, this.pauseMs));
    }
  }
}
