/**
 * Fixtures for the bidding slice's tests: an auction and a lot made straight through the domain commands (the
 * catalogue's staff endpoints are not what these tests are about), and bids through the real endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../testing/harness';
import { bearer, type TestUser } from '../testing/users';
import type { AppContext } from '../context';
import type { CommandOutcome } from '../../infra/commands/command-handler';
import type { StoredEvent } from '../../infra/event-store/types';
import { auctionDecider } from '../../domain/catalogue/auction/decide';
import { lotDecider } from '../../domain/catalogue/lot/decide';
import type { LotEvent } from '../../domain/catalogue/lot/events';
import { fold } from '../../domain/shared/decider';
import { auctionStream, lotStream } from '../catalogue/streams';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

interface LotOptions {
  sellerId?: string;
  reservePence?: number | null;
  openingBidPence?: number;
  /** The lot's (and auction's) end, from the clock's now. */
  endsInMs?: number;
  auctionId?: string;
}

export async function createAuction(ctx: AppContext, now: Date, endsInMs: number): Promise<string> {
  const auctionId = randomUUID();
  const start = new Date(now.getTime() - HOUR).toISOString();
  const outcome = await ctx.commands.handle(auctionStream(auctionId), auctionDecider, {
    type: 'CreateAuction', auction_id: auctionId, start_date: start, end_date: new Date(now.getTime() + endsInMs).toISOString(),
    year: now.getUTCFullYear(), sequence_no: 1, bottles_add_deadline: start, by: 'staff', now: now.toISOString(),
  });
  await settle(ctx, outcome);
  return auctionId;
}

export async function createLot(ctx: AppContext, now: Date, options: LotOptions = {}): Promise<{ lotId: string; auctionId: string; endsAt: string }> {
  const endsInMs = options.endsInMs ?? HOUR;
  const auctionId = options.auctionId ?? (await createAuction(ctx, now, endsInMs));
  const lotId = randomUUID();
  const endsAt = new Date(now.getTime() + endsInMs).toISOString();
  const outcome = await ctx.commands.handle(lotStream(lotId), lotDecider, {
    type: 'ConsignLot', lot_id: lotId, auction_id: auctionId, seller_id: options.sellerId ?? randomUUID(), reference_no: `R-${lotId.slice(0, 6)}`,
    item: {
      title: 'Macallan 18', subtitle: 'Sherry Oak', description: 'A bottle.', distillery: { name: 'Macallan', region: 'Speyside' },
      estimated_value_pence: 30_000, photos: [], type: 'bottle', age: 18, volume_ml: 700, abv: 43, cask_type: null, cask_number: null,
      bottled_at: null, distilled_at: null,
    },
    reserve_price_pence: options.reservePence ?? null, reserve_fee_pence: 0, opening_bid_pence: options.openingBidPence ?? null,
    vat_enabled: false, warehouse: null, is_group_lot: false, group_items: [], custom_title: null, custom_subtitle: null,
    custom_description: null, featured: false, starts_at: new Date(now.getTime() - HOUR).toISOString(), ends_at: endsAt, by: 'staff',
    now: now.toISOString(),
  });
  await settle(ctx, outcome);
  return { lotId, auctionId, endsAt };
}

export async function settle(ctx: AppContext, outcome: CommandOutcome<unknown, unknown>): Promise<void> {
  const last = outcome.append?.events.at(-1);
  if (last) await ctx.projections.waitFor({ transaction_id: last.transaction_id, position: last.position });
}

export function postBid(t: Pick<TestApp, 'app'>, user: TestUser | null, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/bids/', headers: { ...(user ? bearer(user) : {}), ...headers }, payload: payload as object });
}

/** The stored events of one type, typed as such. */
export function eventsOf<T extends LotEvent['type']>(stored: StoredEvent<LotEvent>[], type: T): StoredEvent<Extract<LotEvent, { type: T }>>[] {
  return stored.filter((e) => e.type === type) as unknown as StoredEvent<Extract<LotEvent, { type: T }>>[];
}

/** The lot's stream, and its state folded with the domain's own evolve (the auditor's view). */
export async function replayLot(ctx: AppContext, lotId: string) {
  const stored = await ctx.store.readStream<LotEvent>(lotStream(lotId));
  const events = stored.map((e) => ({ type: e.type, data: e.data }) as LotEvent);
  return { stored, events, state: fold(lotDecider, events), version: stored.at(-1)?.stream_version ?? 0 };
}
