/**
 * The demo house's rolling live auction (docs/catalogue.md, "Demo data"): in development with the demo seed on, a
 * live auction is always running. Shortly before the live auction ends (LEAD), the next one is created to start at
 * that end, with fresh lots and their photographs, through the house's own commands: CreateAuction and one
 * ConsignLot per lot (the staff endpoints' commands), decided by the real deciders and appended in one transaction
 * with the photographs' image events, so a roll is all there or not at all.
 *
 * Exactly once, even with several processes rolling: as the closing scheduler does, a pass holds a session advisory
 * lock while it decides from the events (never a read model) and appends, so the next holder sees what the last one
 * wrote; and the new auction's id comes from its start, so a second CreateAuction for the same slot is refused by
 * the stream's optimistic concurrency even without the lock. Never in production; not in tests unless DEMO_ROLLING=true.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { auctionDecider } from '../../../domain/catalogue/auction/decide';
import { lotDecider } from '../../../domain/catalogue/lot/decide';
import { articleImageStream } from '../../../domain/content/article/events';
import { DomainError } from '../../../domain/shared/errors';
import { withSessionLocks } from '../../../infra/db/session-locks';
import { handleMany, type StreamRef } from '../../../infra/commands/multi-stream';
import { boundedMap, renderSvgCached, storePicture } from '../../content/rendered-images';
import { auctionStream, lotStream } from '../streams';
import { knownAuctions, type KnownAuction } from './on-start';
import { ensureSeedUsers, type SeedUsers } from './demo-users';
import { generateLot } from './generator';
import { consignCommand } from './lot-story';
import { seededRandom } from './random';
import { sequenceCounter } from './seed-house';
import { lotPhotoSvg, lotPhotos } from './photos/lot-photo';
import { hashOf } from './photos/label-style';

const MINUTE = 60_000;
const LOCK_SPACE = 7303;

export interface RollOptions {
  /** How long each rolled auction runs. */
  durationMs: number;
  /** The next auction is opened when the live one has less than this left. */
  leadMs: number;
  lots: number;
}

export const DEFAULT_ROLL: RollOptions = { durationMs: 60 * MINUTE, leadMs: 5 * MINUTE, lots: 120 };

/** Whether this process rolls the demo's live auction: never in production, in tests only when asked. */
export function demoRollingWanted(production: boolean, env: NodeJS.ProcessEnv): boolean {
  if (production || env.DEMO_ROLLING === 'false') return false;
  if (env.DEMO_ROLLING === 'true') return true;
  return env.NODE_ENV !== 'test' && env.SEED_ON_START !== 'false';
}

/** The roll's timings from the environment: DEMO_LIVE_MINUTES (5 to 10080, default 60) and lots per auction. */
export function rollOptionsFrom(env: NodeJS.ProcessEnv): RollOptions {
  const minutes = Number(env.DEMO_LIVE_MINUTES);
  const durationMs = Number.isInteger(minutes) && minutes >= 5 && minutes <= 7 * 24 * 60 ? minutes * MINUTE : DEFAULT_ROLL.durationMs;
  return { ...DEFAULT_ROLL, durationMs, leadMs: Math.min(DEFAULT_ROLL.leadMs, durationMs / 4) };
}

/**
 * The next live window to open, or null: follows the auctions covering now (the live one, then any starting by its
 * end...) to the end of the covered time; when that is within the lead, the next auction starts there.
 */
export function nextLiveWindow(auctions: KnownAuction[], now: Date, options: Pick<RollOptions, 'durationMs' | 'leadMs'>): { start: Date; end: Date } | null {
  const open = auctions.filter((a) => !a.finished);
  let covered = now.getTime();
  for (;;) {
    const ends = open.filter((a) => a.start.getTime() <= covered && a.end.getTime() > covered).map((a) => a.end.getTime());
    if (ends.length === 0) break;
    covered = Math.max(...ends);
  }
  if (covered - now.getTime() > options.leadMs) return null;
  return { start: new Date(covered), end: new Date(covered + options.durationMs) };
}

/** A uuid-shaped id from text: the same slot always names the same auction. */
function idFrom(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Rolled { auctionId: string; lotIds: string[]; start: Date; end: Date }

/** One pass: opens the next live auction when it is due and no other process is opening it. */
export async function rollLiveAuction(ctx: AppContext, options: RollOptions = DEFAULT_ROLL): Promise<Rolled | null> {
  return withSessionLocks(ctx.db, async (connection) => {
    const { rows } = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${LOCK_SPACE}, 0) AS ok`.execute(connection);
    if (!rows[0]?.ok) return null;
    const window = nextLiveWindow(await knownAuctions(ctx), ctx.clock.now(), options);
    return window ? openAuction(ctx, window, options) : null;
  });
}

/** The demo people, found (or made) once per process: a roll every hour need not look them up again. */
const seedUsers = new WeakMap<AppContext, Promise<SeedUsers>>();

async function openAuction(ctx: AppContext, window: { start: Date; end: Date }, options: RollOptions): Promise<Rolled | null> {
  if (!seedUsers.has(ctx)) seedUsers.set(ctx, ensureSeedUsers(ctx).catch((error) => { seedUsers.delete(ctx); throw error; }));
  const users = await seedUsers.get(ctx)!;
  const auctionId = idFrom(`demo-live:${window.start.toISOString()}`);
  const year = window.start.getUTCFullYear();
  const sequenceNo = (await sequenceCounter(ctx))(year);
  const now = ctx.clock.now();
  const rng = seededRandom(hashOf(auctionId));
  const lots = Array.from({ length: options.lots }, (_, i) => {
    const spec = generateLot(rng, year);
    const referenceNo = `${year}${String(sequenceNo).padStart(2, '0')}-${String(i + 1).padStart(4, '0')}`;
    const lotId = idFrom(`${auctionId}:lot:${i}`);
    const imageId = idFrom(`${lotId}:photo`);
    const svg = lotPhotoSvg(spec.item, referenceNo);
    spec.item = { ...spec.item, photos: lotPhotos(spec.item, imageId) };
    const command = consignCommand({
      lotId, auctionId, sellerId: users.sellerIds[i % users.sellerIds.length]!, staffId: users.staffId, referenceNo, spec,
      featured: i < 4, startsAt: window.start, endsAt: window.end, consignedAt: now,
    });
    return { lotId, imageId, svg, command };
  });
  // The photographs first (files in place), then every event in one transaction.
  const pictures = await boundedMap(lots, 2, async (l) => storePicture(ctx, await renderSvgCached(ctx.config.renderCacheDir, l.svg), users.staffId, l.imageId));
  const streams: StreamRef[] = [{ streamId: auctionStream(auctionId), decider: auctionDecider }, ...lots.map((l) => ({ streamId: lotStream(l.lotId), decider: lotDecider }))];
  try {
    await handleMany(ctx, streams, (states) => ({
      result: null,
      events: Object.fromEntries([
        [auctionStream(auctionId), auctionDecider.decide({
          type: 'CreateAuction', auction_id: auctionId, start_date: window.start.toISOString(), end_date: window.end.toISOString(), year,
          sequence_no: sequenceNo, bottles_add_deadline: window.start.toISOString(), by: users.staffId, now: now.toISOString(),
        }, states[auctionStream(auctionId)] as never)],
        ...lots.map((l) => [lotStream(l.lotId), lotDecider.decide(l.command, states[lotStream(l.lotId)] as never)]),
      ]),
    }), { user_id: 'system', source: 'demo-live' }, async (trx) => {
      for (const p of pictures) await ctx.store.append(articleImageStream(p.imageId), 'no_stream', [p.event], trx);
    });
  } catch (error) {
    // The slot was opened by another process after all ("This auction already exists."): nothing to do.
    if (error instanceof DomainError) return null;
    throw error;
  }
  ctx.log.info(`Demo: opened live auction ${year}/${sequenceNo} with ${lots.length} lots, ${window.start.toISOString()} to ${window.end.toISOString()}`);
  return { auctionId, lotIds: lots.map((l) => l.lotId), start: window.start, end: window.end };
}

/** Rolls on a timer while the server runs (started after the start seed, services/catalogue/feature.ts). */
export class LiveRoller {
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<unknown> | null = null;

  constructor(private readonly ctx: AppContext, private readonly options: RollOptions, private readonly everyMs = 30_000) {}

  start(): void {
    const tick = () => {
      if (this.pass) return; // a roll renders a hundred photographs: one at a time
      this.pass = rollLiveAuction(this.ctx, this.options)
        .catch((err) => this.ctx.log.error({ err }, 'demo: opening the next live auction failed'))
        .finally(() => { this.pass = null; });
    };
    tick();
    this.timer = setInterval(tick, this.everyMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }
}
