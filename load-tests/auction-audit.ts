/**
 * The audit after a whole-auction run, from the event store itself:
 * - every acknowledged bid (201) is a BidPlaced in its lot's stream; a few more may be there (answers still on the
 *   wire when a step stopped), never fewer;
 * - every lot of the closing auction closed exactly once (one LotClosed), and the auction finished once;
 * - every read model equals a rebuild from the events (projections/rebuild.ts `rebuildAndCompare`).
 */
import { performance } from 'node:perf_hooks';
import type { AppContext } from '../services/context';
import { eventsOf } from '../services/bidding/testing';
import { auctionStream, lotStream } from '../services/catalogue/streams';
import type { LotEvent } from '../domain/catalogue/lot/events';
import { allProjections } from '../projections/index';
import { rebuildAndCompare } from '../projections/rebuild';
import { spread, type Spread } from './stats';

/** `appends`: per lot, the transactions that wrote its bids; `commits`: the distinct transactions over all lots (fewer with commit ticks). */
export interface BidAudit { acknowledged: number; placed: number; lost: number; unacknowledged: number; appends: number; commits: number; inFlightLimit: number }

export async function auditBids(ctx: AppContext, acknowledged: Map<string, string[]>, inFlightLimit: number): Promise<BidAudit> {
  const audit: BidAudit = { acknowledged: 0, placed: 0, lost: 0, unacknowledged: 0, appends: 0, commits: 0, inFlightLimit };
  const commits = new Set<string>();
  const lots = [...acknowledged.entries()];
  for (let start = 0; start < lots.length; start += 8) {
    await Promise.all(lots.slice(start, start + 8).map(async ([lotId, ids]) => {
      const placed = eventsOf(await ctx.store.readStream<LotEvent>(lotStream(lotId)), 'BidPlaced');
      const inStream = new Set(placed.map((e) => e.data.bid_id));
      audit.acknowledged += ids.length;
      audit.placed += inStream.size;
      audit.lost += ids.filter((id) => !inStream.has(id)).length;
      audit.appends += new Set(placed.map((e) => e.transaction_id)).size;
      for (const e of placed) commits.add(e.transaction_id);
    }));
  }
  audit.unacknowledged = audit.placed - audit.acknowledged;
  audit.commits = commits.size;
  return audit;
}

export interface CloseAudit {
  lots: number;
  closedOnce: number;
  closedTwice: number;
  notClosed: number;
  auctionFinished: number;
  extendedLots: number;
  maxExtraSeconds: number;
  /** LotClosed's commit time minus the lot's final end, in ms. */
  closeDelay: Spread;
  waitedSeconds: number;
}

/** Waits (bounded) until every lot of the auction has a LotClosed and the auction finished, then counts. */
export async function auditCloses(ctx: AppContext, auctionId: string, lotIds: string[], timeoutMs: number): Promise<CloseAudit> {
  const started = performance.now();
  for (;;) {
    const audit = await countCloses(ctx, auctionId, lotIds);
    const done = audit.notClosed === 0 && audit.auctionFinished > 0;
    if (done || performance.now() - started > timeoutMs) return { ...audit, waitedSeconds: (performance.now() - started) / 1000 };
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function countCloses(ctx: AppContext, auctionId: string, lotIds: string[]): Promise<Omit<CloseAudit, 'waitedSeconds'>> {
  let closedOnce = 0, closedTwice = 0, notClosed = 0, extendedLots = 0, maxExtraSeconds = 0;
  const delays: number[] = [];
  for (let start = 0; start < lotIds.length; start += 8) {
    await Promise.all(lotIds.slice(start, start + 8).map(async (lotId) => {
      const stored = await ctx.store.readStream<LotEvent>(lotStream(lotId));
      const closes = eventsOf(stored, 'LotClosed');
      const bids = eventsOf(stored, 'BidPlaced');
      if (closes.length === 1) closedOnce += 1;
      else if (closes.length > 1) closedTwice += 1;
      else notClosed += 1;
      if (bids.some((b) => b.data.extended)) extendedLots += 1;
      maxExtraSeconds = Math.max(maxExtraSeconds, ...bids.map((b) => b.data.extra_time_seconds));
      if (closes[0]) delays.push(closes[0].created_at.getTime() - Date.parse(closes[0].data.ends_at));
    }));
  }
  const auction = await ctx.store.readStream(auctionStream(auctionId));
  const auctionFinished = auction.filter((e) => e.type === 'AuctionFinished').length;
  return { lots: lotIds.length, closedOnce, closedTwice, notClosed, auctionFinished, extendedLots, maxExtraSeconds, closeDelay: spread(delays) };
}

export interface ReadModelAudit { projections: number; tables: number; different: string[]; events: number; seconds: number }

/** Every projection rebuilt into a scratch schema and compared table by table with the live one. */
export async function auditReadModels(ctx: AppContext): Promise<ReadModelAudit> {
  const started = performance.now();
  // The live read models first catch up with the last event (the server's runner does the work; this waits).
  ctx.projections.start();
  try {
    // Not fatal when late: the comparison runs up to the live checkpoint, whatever it is.
    await ctx.projections.settle(120_000).catch(() => undefined);
  } finally {
    await ctx.projections.stop();
  }
  const different: string[] = [];
  let tables = 0;
  let events = 0;
  for (const projection of allProjections) {
    const report = await rebuildAndCompare(ctx.db, projection);
    events += report.events;
    for (const t of report.tables) {
      tables += 1;
      if (!t.equal) different.push(`${projection.name}.${t.table}`);
    }
  }
  return { projections: allProjections.length, tables, different, events, seconds: (performance.now() - started) / 1000 };
}
