/**
 * The bid storm: autocannon with one connection per bidder, each posting bids on the hot lot as fast as the server
 * answers. Every bidder bids what it last saw as the minimum (the client's "next bid" button), one time in twenty
 * a step more (a proxy maximum), and learns from every answer: an accepted bid's new price, or the minimum a refusal
 * names. So the price rises as in a real close and most bids arrive a moment too late, which is the hot path.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { stepFor } from '../domain/catalogue/lot/increments';
import type { Bidder } from './setup';
import { pence } from './stats';

interface BidLoadOptions {
  url: string;
  lotId: string;
  bidders: Bidder[];
  connections: number;
  durationSeconds: number;
  /** Send an Idempotency-Key with every bid, as the web client does. */
  idempotencyKeys: boolean;
}

export interface BidLoadResult {
  durationSeconds: number;
  decisions: number;
  accepted: number;
  refused: number;
  /** Anything that is neither an answer nor a refusal: 5xx, 409, timeouts, connection errors. */
  errors: number;
  statuses: Record<string, number>;
  latenciesMs: number[];
  /** The same latencies split by outcome: an accepted bid waits for its commit, a refusal for nothing. */
  latenciesByOutcomeMs: { accepted: number[]; refused: number[] };
  /** Each price an answer reported, with the first moment (performance.now()) an answer reported it. */
  answered: Map<number, number>;
  /** The bid ids of the accepted answers (the audit looks for each in the stream). */
  acceptedIds: string[];
  lastPrice: number;
}

/** One connection's bidder and what it last learnt about the lot. */
interface Connection {
  bidder: Bidder;
  minimum: number;
  sent: number;
  chunks: Buffer[];
}

const AT_LEAST = /at least £([\d,]+(?:\.\d{2})?)/;

export async function runBidLoad(options: BidLoadOptions): Promise<BidLoadResult> {
  const answered = new Map<number, number>();
  const latenciesMs: number[] = [];
  const latenciesByOutcomeMs = { accepted: [] as number[], refused: [] as number[] };
  const statuses: Record<string, number> = {};
  const acceptedIds: string[] = [];
  let nextBidder = 0;
  let lastPrice = 0;

  const request = (c: Connection) => {
    c.sent += 1;
    const amount = Math.random() < 0.05 ? c.minimum + stepFor(c.minimum) : c.minimum;
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${c.bidder.access}` };
    if (options.idempotencyKeys) headers['idempotency-key'] = `load-${c.bidder.id}-${c.sent}-${Date.now()}`;
    return { headers, body: JSON.stringify({ bid: (amount / 100).toFixed(2), lot: options.lotId }) };
  };

  const learn = (status: number, body: string, c: Connection): void => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 201) {
      const answer = JSON.parse(body) as { bid_id: string; bid_stats: { current_bid: string } };
      acceptedIds.push(answer.bid_id);
      const price = pence(answer.bid_stats.current_bid);
      if (!answered.has(price)) answered.set(price, performance.now());
      if (price > lastPrice) lastPrice = price;
      c.minimum = Math.max(c.minimum, price + stepFor(price));
    } else if (status === 400) {
      const match = AT_LEAST.exec(body);
      c.minimum = Math.max(c.minimum, match ? pence(match[1].replace(/,/g, '')) : c.minimum + stepFor(c.minimum));
    }
  };

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${options.url}/api/bids/`,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
        method: 'POST',
        // Each connection gets its own request object, rewritten after every answer (autocannon's per-request
        // context is reset after each request, so the connection's state lives here instead).
        setupClient: (client) => {
          const c: Connection = { bidder: options.bidders[nextBidder++ % options.bidders.length], minimum: 1000, sent: 0, chunks: [] };
          client.setRequests([{ method: 'POST', path: '/api/bids/', ...request(c) }]);
          client.on('body', (chunk: Buffer) => c.chunks.push(chunk));
          client.on('response', (status: number, _bytes: number, durationMs: number) => {
            latenciesMs.push(durationMs);
            if (status === 201) latenciesByOutcomeMs.accepted.push(durationMs);
            else if (status === 400) latenciesByOutcomeMs.refused.push(durationMs);
            learn(status, Buffer.concat(c.chunks).toString(), c);
            c.chunks = [];
            const next = request(c);
            client.setHeadersAndBody(next.headers, next.body);
          });
        },
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('error', reject);
  });

  const accepted = statuses['201'] ?? 0;
  const refused = statuses['400'] ?? 0;
  const answeredTotal = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    durationSeconds: result.duration,
    decisions: accepted + refused,
    accepted,
    refused,
    errors: answeredTotal - accepted - refused + result.errors,
    statuses,
    latenciesMs,
    latenciesByOutcomeMs,
    answered,
    acceptedIds,
    lastPrice,
  };
}
