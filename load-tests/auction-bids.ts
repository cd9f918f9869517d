/**
 * The bidders of the whole-auction scenario, for the open-loop generator: each due request is one bid by a random
 * bidder (of the 1,000) on a lot drawn by popularity (Zipf), for the next minimum the bidders know or a little above
 * (one time in five a step or two more: a proxy maximum). What they know is the latest price any answer reported
 * (a bidder watching the lot live knows it too), so most bids are valid when sent; on a hot lot several bids at the
 * same minimum cross and all but one are refused, as at a real close. The leader of a lot does not bid on it.
 */
import { performance } from 'node:perf_hooks';
import { stepFor, MAX_AMOUNT } from '../domain/catalogue/lot/increments';
import type { OutgoingRequest } from './open-loop';
import type { Bidder } from './setup';
import type { LotAnswers } from './watch-pool';
import { Zipf } from './zipf';
import { pence } from './stats';

interface LotKnowledge {
  minimum: number;
  leader: number;
  ended: boolean;
  /** Price (pence) -> epoch ms when an answer first reported it. */
  answeredAt: Map<number, number>;
  acceptedIds: string[];
}

interface Tag { lot: number; bidder: number; sentAt: number }

export interface BidTally {
  accepted: number;
  refusedTooLow: number;
  refusedEnded: number;
  refusedOther: number;
  /** Any answer that is neither 201 nor 400, by status. */
  errors: Record<string, number>;
}

const AT_LEAST = /at least £([\d,]+(?:\.\d{2})?)/;
const epochNow = () => performance.timeOrigin + performance.now();

export class AuctionBidders {
  private readonly zipf: Zipf;
  private readonly knowledge: LotKnowledge[];
  private sequence = 0;
  tally: BidTally = freshTally();

  /** `lots` hottest first. */
  constructor(private readonly lots: Array<{ id: string }>, private readonly bidders: Bidder[], exponent: number) {
    this.zipf = new Zipf(lots.length, exponent);
    this.knowledge = lots.map(() => ({ minimum: 1000, leader: -1, ended: false, answeredAt: new Map(), acceptedIds: [] }));
  }

  /** Starts a new measurement window (the knowledge of the lots is kept). */
  resetTally(): void {
    this.tally = freshTally();
  }

  /** The next bid, or null when the lot drawn (and a few redraws) is no longer worth bidding on. */
  next = (): OutgoingRequest | null => {
    const now = epochNow();
    for (let attempt = 0; attempt < 8; attempt++) {
      const lot = this.zipf.draw();
      const known = this.knowledge[lot];
      if (known.ended) continue;
      let bidder = Math.floor(Math.random() * this.bidders.length);
      if (bidder === known.leader) bidder = (bidder + 1) % this.bidders.length;
      const u = Math.random();
      let amount = known.minimum;
      if (u < 0.2) amount += stepFor(amount);
      if (u < 0.05) amount += stepFor(amount);
      if (amount > MAX_AMOUNT) continue;
      const who = this.bidders[bidder];
      this.sequence += 1;
      return {
        path: '/api/bids/',
        headers: [`authorization: Bearer ${who.access}`, `idempotency-key: close-${this.sequence}-${Math.floor(now)}`],
        body: `{"bid":"${(amount / 100).toFixed(2)}","lot":"${this.lots[lot].id}"}`,
        tag: { lot, bidder, sentAt: now } satisfies Tag,
      };
    }
    return null;
  };

  onAnswer = (status: number, body: string, tag: unknown): void => {
    const { lot, bidder } = tag as Tag;
    const known = this.knowledge[lot];
    if (status === 201) {
      this.tally.accepted += 1;
      const answer = JSON.parse(body) as { bid_id: string; is_highest_bid: boolean; bid_stats: { current_bid: string } };
      known.acceptedIds.push(answer.bid_id);
      const price = pence(answer.bid_stats.current_bid);
      if (!known.answeredAt.has(price)) known.answeredAt.set(price, epochNow());
      known.minimum = Math.max(known.minimum, price + stepFor(price));
      if (answer.is_highest_bid) known.leader = bidder;
    } else if (status === 400) {
      const at = AT_LEAST.exec(body);
      if (at) {
        this.tally.refusedTooLow += 1;
        known.minimum = Math.max(known.minimum, pence(at[1].replace(/,/g, '')));
      } else if (body.includes('has ended')) {
        this.tally.refusedEnded += 1;
        known.ended = true;
      } else this.tally.refusedOther += 1;
    } else {
      this.tally.errors[status] = (this.tally.errors[status] ?? 0) + 1;
    }
  };

  /** Every accepted bid's id, per lot (the audit looks for each in the lot's stream). */
  acceptedIds(): Map<string, string[]> {
    return new Map(this.lots.map((l, i) => [l.id, this.knowledge[i].acceptedIds]));
  }

  /** For the lag: per lot up to `perLot` reported prices, evenly spread, always including the lot's last price. */
  answers(perLot = 20): LotAnswers[] {
    return this.lots.map((l, i) => {
      const all = [...this.knowledge[i].answeredAt.entries()].sort((a, b) => a[0] - b[0]);
      const every = Math.max(1, Math.ceil(all.length / perLot));
      const picked = all.filter((_, j) => j % every === 0 || j === all.length - 1);
      return { lotId: l.id, prices: picked };
    });
  }
}

function freshTally(): BidTally {
  return { accepted: 0, refusedTooLow: 0, refusedEnded: 0, refusedOther: 0, errors: {} };
}
