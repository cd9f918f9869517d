/**
 * The demo auction house: several finished past auctions (lots sold and unsold), one live auction that started an
 * hour ago and ends a few minutes from now (a few hundred lots, some bid on, some featured), and the next auction.
 * Every event comes from the real deciders; each lot's story is one append, several lots at a time, and nothing
 * waits for the projections lot by lot.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';
import { auctionStream, lotStream } from '../streams';
import { startStory, tell, toNewEvents } from './decide-all';
import { generateLot, planBids } from './generator';
import { lotStory } from './lot-story';
import { seededRandom, type Random } from './random';
import { ensureSeedUsers, type SeedUsers } from './demo-users';
import { compareCursors, type FeedCursor } from '../../../infra/event-store/types';
import { articleImageStream } from '../../../domain/content/article/events';
import { renderSvgCached, storePicture } from '../../content/rendered-images';
import { lotPhotoSvg, lotPhotos } from './photos/lot-photo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const META = { user_id: 'system', source: 'demo-seed' };
/** Lots rendered and written at once: each renders its photograph (CPU) then appends (I/O), so a few overlap well. */
const SEED_WRITERS = 3;

export interface SeedOptions {
  now: Date;
  /** Which auctions to make; all three by default. */
  parts?: { past?: boolean; live?: boolean; next?: boolean };
  pastAuctions?: number;
  lotsPerPastAuction?: number;
  liveLots?: number;
  nextLots?: number;
  liveEndsInMinutes?: number;
  seed?: number;
  users?: SeedUsers;
  signal?: AbortSignal;
  log?: (message: string) => void;
}

export interface SeedSummary {
  pastAuctionIds: string[];
  liveAuctionId: string | null;
  nextAuctionId: string | null;
  lots: number;
  bids: number;
  users: SeedUsers;
  /** The last event written: wait for it to read the seeded data. */
  last: FeedCursor | null;
}

interface AuctionWindow { id: string; start: Date; end: Date; year: number; sequenceNo: number; deadline: Date; finishedAt: Date | null }

export async function seedDemoHouse(ctx: AppContext, options: SeedOptions): Promise<SeedSummary> {
  const o = { pastAuctions: 4, lotsPerPastAuction: 60, liveLots: 300, nextLots: 40, liveEndsInMinutes: 10, seed: 2026, ...options };
  const parts = { past: true, live: true, next: true, ...options.parts };
  const log = o.log ?? ((m: string) => ctx.log.info(m));
  const rng = seededRandom(o.seed + Math.floor(o.now.getTime() / DAY));
  const users = o.users ?? (await ensureSeedUsers(ctx));
  const summary: SeedSummary = { pastAuctionIds: [], liveAuctionId: null, nextAuctionId: null, lots: 0, bids: 0, users, last: null };
  const sequences = await sequenceCounter(ctx);
  const now = o.now.getTime();
  const windowAt = (start: number, end: number, finished: boolean, deadline = start): AuctionWindow => {
    const year = new Date(start).getUTCFullYear();
    return { id: randomUUID(), start: new Date(start), end: new Date(end), year, sequenceNo: sequences(year), deadline: new Date(deadline), finishedAt: finished ? new Date(end + 5 * MINUTE) : null };
  };

  if (parts.past) {
    for (let k = o.pastAuctions; k >= 1; k--) {
      const end = now - 3 * DAY - (k - 1) * 30 * DAY;
      const auction = windowAt(end - 7 * DAY, end, true);
      await seedLots(ctx, auction, o.lotsPerPastAuction, rng, users, summary, { bidUntil: new Date(end - HOUR), closeAt: new Date(end + MINUTE), activity: 0.7, signal: o.signal });
      await appendAuction(ctx, auction, summary);
      summary.pastAuctionIds.push(auction.id);
      log(`Demo seed: past auction ${auction.year}/${auction.sequenceNo} with ${o.lotsPerPastAuction} lots`);
    }
  }
  if (parts.live) {
    const auction = windowAt(now - HOUR, now + o.liveEndsInMinutes * MINUTE, false);
    await appendAuction(ctx, auction, summary);
    await seedLots(ctx, auction, o.liveLots, rng, users, summary, { bidUntil: new Date(now - MINUTE), closeAt: null, activity: 0.5, featured: 12, signal: o.signal });
    summary.liveAuctionId = auction.id;
    log(`Demo seed: live auction ${auction.year}/${auction.sequenceNo} with ${o.liveLots} lots, ending ${auction.end.toISOString()}`);
  }
  if (parts.next) {
    const auction = windowAt(now + 7 * DAY, now + 14 * DAY, false, now + 5 * DAY);
    await appendAuction(ctx, auction, summary);
    await seedLots(ctx, auction, o.nextLots, rng, users, summary, { bidUntil: auction.start, closeAt: null, activity: 0, featured: 3, signal: o.signal });
    summary.nextAuctionId = auction.id;
    log(`Demo seed: next auction ${auction.year}/${auction.sequenceNo} with ${o.nextLots} lots`);
  }
  return summary;
}

/** Sequence numbers continue each year's numbering from the auctions already in the event store. */
export async function sequenceCounter(ctx: Pick<AppContext, 'db'>): Promise<(year: number) => number> {
  const { rows } = await sql<{ year: number; max: number }>`
    SELECT (data->>'year')::int AS year, max((data->>'sequence_no')::int)::int AS max
    FROM events WHERE type = 'AuctionCreated' GROUP BY 1`.execute(ctx.db);
  const last = new Map(rows.map((r) => [r.year, r.max]));
  return (year) => {
    const next = (last.get(year) ?? 0) + 1;
    last.set(year, next);
    return next;
  };
}

async function appendAuction(ctx: AppContext, a: AuctionWindow, summary: SeedSummary): Promise<void> {
  const story = startStory(auctionDecider);
  tell(auctionDecider, story, {
    type: 'CreateAuction', auction_id: a.id, start_date: a.start.toISOString(), end_date: a.end.toISOString(), year: a.year,
    sequence_no: a.sequenceNo, bottles_add_deadline: a.deadline.toISOString(), by: summary.users.staffId, now: new Date(a.start.getTime() - 30 * DAY).toISOString(),
  });
  if (a.finishedAt) tell(auctionDecider, story, { type: 'FinishAuction', auction_id: a.id, open_lot_count: 0, now: a.finishedAt.toISOString() });
  remember(summary, await ctx.store.append(auctionStream(a.id), 'no_stream', toNewEvents(story.events, META)));
}

interface LotRun { bidUntil: Date; closeAt: Date | null; activity: number; featured?: number; signal?: AbortSignal }

async function seedLots(ctx: AppContext, a: AuctionWindow, count: number, rng: Random, users: SeedUsers, summary: SeedSummary, run: LotRun): Promise<void> {
  const stories = Array.from({ length: count }, (_, i) => {
    const spec = generateLot(rng, a.year);
    const referenceNo = `${a.year}${String(a.sequenceNo).padStart(2, '0')}-${String(i + 1).padStart(4, '0')}`;
    // The lot's own photograph, drawn from its data; the lot names it before it is rendered (rendered below, before the lot is written).
    const photo = { imageId: randomUUID(), svg: lotPhotoSvg(spec.item, referenceNo) };
    spec.item = { ...spec.item, photos: lotPhotos(spec.item, photo.imageId) };
    const story = lotStory({
      lotId: randomUUID(), auctionId: a.id, sellerId: users.sellerIds[i % users.sellerIds.length]!, staffId: users.staffId,
      referenceNo, spec, featured: i < (run.featured ?? 0) || rng.chance(0.02), startsAt: a.start, endsAt: a.end,
      consignedAt: new Date(a.start.getTime() - 20 * DAY), bids: planBids(rng, spec, users.bidderIds.length, run.activity),
      bidderIds: users.bidderIds, bidFrom: new Date(a.start.getTime() + MINUTE), bidUntil: run.bidUntil, closeAt: run.closeAt,
    });
    return { story, photo };
  });
  let nextIndex = 0;
  const worker = async () => {
    for (let i = nextIndex++; i < stories.length; i = nextIndex++) {
      if (run.signal?.aborted) return;
      const { story, photo } = stories[i]!;
      // Files, then the image's event, then the lot naming it: no lot ever shows a picture that is not there.
      const picture = await storePicture(ctx, await renderSvgCached(ctx.config.renderCacheDir, photo.svg), users.staffId, photo.imageId);
      await ctx.store.append(articleImageStream(picture.imageId), 'no_stream', [picture.event]);
      summary.bids += story.events.filter((e) => e.type === 'BidPlaced').length;
      summary.lots += 1;
      remember(summary, await ctx.store.append(lotStream(story.state.lotId), 'no_stream', toNewEvents(story.events, META)));
    }
  };
  await Promise.all(Array.from({ length: SEED_WRITERS }, worker));
}

function remember(summary: SeedSummary, append: { events: { transaction_id: string; position: number }[] }): void {
  const last = append.events.at(-1);
  if (!last) return;
  const cursor = { transaction_id: last.transaction_id, position: last.position };
  if (!summary.last || compareCursors(cursor, summary.last) > 0) summary.last = cursor;
}
