/**
 * Everything a capped bidder's bid is checked against, read just before the bid is decided: the cap stream (the cap,
 * its version, the bids counted so far) and the exposure on the auction's other lots. The companion built from it
 * appends BidCountedAgainstCap at that version in the bid's own transaction, so two bids of one bidder on two lots
 * (in one process or two) cannot both be checked against the same exposure: the second finds the stream moved and
 * is checked again.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { EventMetadata, FeedCursor } from '../../infra/event-store/types';
import type { Companion } from '../bidding/lot-job';
import { fold } from '../../domain/shared/decider';
import { spendingCapDecider } from '../../domain/spending-cap/decide';
import type { SpendingCapEvent } from '../../domain/spending-cap/events';
import type { SpendingCapState } from '../../domain/spending-cap/state';
import { exposureByLot, totalExposure, type LotStanding } from '../../domain/spending-cap/exposure';
import { Conflict } from '../../domain/shared/errors';
import type { LotState } from '../../domain/catalogue/lot/state';
import { lotWriters } from '../bidding/lot-writers';
import { lotStandings } from './standings';
import { spendingCapStream } from './streams';

interface CapContext {
  streamId: string;
  version: number;
  state: SpendingCapState;
  /** Where the cap's first event sits in the feed: bids placed before the cap are in the read models from there on. */
  since: FeedCursor | null;
}

export async function loadCapStream(ctx: AppContext, userId: string, auctionId: string): Promise<CapContext> {
  const streamId = spendingCapStream(userId, auctionId);
  const stored = await ctx.store.readStream<SpendingCapEvent>(streamId);
  const state = fold(spendingCapDecider, stored.map((e) => ({ type: e.type, data: e.data }) as SpendingCapEvent));
  const first = stored[0];
  return { streamId, version: stored.at(-1)?.stream_version ?? 0, state, since: first ? { transaction_id: first.transaction_id, position: first.position } : null };
}

/**
 * The bidder's lots as the read model knows them, each replaced by this process's lot writer's state when that is
 * newer (a bid or an outbid a moment ago, not projected yet). Waits, first, for the bid read model to hold every bid
 * placed before the cap existed: those are not on the cap's stream.
 */
async function freshStandings(ctx: AppContext, userId: string, auctionId: string, cap: CapContext): Promise<LotStanding[]> {
  const { since } = cap;
  if (since) {
    await ctx.projections.waitFor(since, 3_000, ['lot_bids']).catch(() => {
      throw new Conflict('We could not check your spending cap just now. Please try again.');
    });
  }
  return freshen(ctx, userId, await lotStandings(ctx.db, userId, auctionId), Object.keys(cap.state.counted));
}

/** Also adds, from this process's writers, counted lots the read model does not list yet. */
export function freshen(ctx: AppContext, userId: string, standings: LotStanding[], countedLots: string[]): LotStanding[] {
  const writers = lotWriters(ctx);
  const listed = new Set(standings.map((s) => s.lot_id));
  const fresh = standings.map((s) => {
    const snapshot = writers.peek(s.lot_id)?.snapshot;
    return snapshot && snapshot.version > s.version ? standingOf(userId, snapshot.state, snapshot.version) : s;
  });
  for (const lotId of countedLots) {
    const snapshot = listed.has(lotId) ? undefined : writers.peek(lotId)?.snapshot;
    if (snapshot && snapshot.version > 0) fresh.push(standingOf(userId, snapshot.state, snapshot.version));
  }
  return fresh;
}

function standingOf(userId: string, state: LotState, version: number): LotStanding {
  return {
    lot_id: state.lotId, closed: state.status === 'closed', leading: state.leaderId === userId, max_bid: state.maxBids[userId] ?? 0,
    winner_id: state.winnerId, hammer_price: state.hammerPrice, version,
  };
}

interface CapBid {
  userId: string;
  auctionId: string;
  lotId: string;
  bidId: string;
  metadata: EventMetadata;
}

/** The companion of one capped bid on `bid.lotId`. */
export async function capCompanion(ctx: AppContext, bid: CapBid): Promise<Companion> {
  const cap = await loadCapStream(ctx, bid.userId, bid.auctionId);
  const standings = await freshStandings(ctx, bid.userId, bid.auctionId, cap);
  const elsewhere = totalExposure(exposureByLot(bid.userId, standings, cap.state.counted, bid.lotId));
  return {
    decide(_before, after, lotVersionAfter) {
      const maxBid = after.maxBids[bid.userId] ?? 0;
      const events = spendingCapDecider.decide({
        type: 'CountBidAgainstCap', user_id: bid.userId, auction_id: bid.auctionId, lot_id: bid.lotId, bid_id: bid.bidId,
        max_bid: maxBid, lot_exposure: after.leaderId === bid.userId ? maxBid : 0, lot_version: lotVersionAfter,
        exposure_elsewhere: elsewhere, now: ctx.clock.now().toISOString(),
      }, cap.state);
      return {
        streamId: cap.streamId,
        expected: cap.version === 0 ? 'no_stream' : cap.version,
        events: events.map((e) => ({ event_id: randomUUID(), type: e.type, data: e.data, metadata: bid.metadata })),
      };
    },
  };
}
